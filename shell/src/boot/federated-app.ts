import { AUTH_USER_PATH } from '@annie/contracts/auth-paths';
import { APP_SCRIPT_URLS, APP_STYLESHEET_URL } from '../config/app-entry.ts';

/** Whether the visitor has a live session (false when the API is unreachable: the login screen says so). */
export async function hasSession(): Promise<boolean> {
  try {
    const response = await fetch(AUTH_USER_PATH, { credentials: 'include' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Loads the federated signed-in app (dist/app/app.js, react-dom's script beside it, and app.css), which
 * renders into #root itself. The scripts run in their order (not async), as app.html's deferred ones do.
 */
export function loadFederatedApp(): void {
  const stylesheet = document.createElement('link');
  stylesheet.rel = 'stylesheet';
  stylesheet.href = APP_STYLESHEET_URL;
  document.head.append(stylesheet);
  for (const url of APP_SCRIPT_URLS) {
    const script = document.createElement('script');
    script.src = url;
    script.async = false;
    document.head.append(script);
  }
}

/**
 * Fetches the signed-in app's stylesheet and scripts into the HTTP cache for the page the browser is about
 * to load (the login screen calls it when sign-in succeeds, during its 500 ms notice): the home page then
 * paints without waiting for app.css, and its scripts are there when it starts them. The API lets such a
 * prefetch be used for 30 s without asking again (send-build-file.ts).
 */
export function prefetchFederatedApp(): void {
  for (const [href, as] of [
    [APP_STYLESHEET_URL, 'style'],
    ...APP_SCRIPT_URLS.map((url) => [url, 'script'] as const),
  ] as const) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.setAttribute('as', as);
    link.href = href;
    document.head.append(link);
  }
}
