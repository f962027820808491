import { AUTH_USER_PATH } from '@annie/api-client/contracts/auth-paths';
import { APP_ENTRY_URL, APP_STYLESHEET_URL } from '../config/app-entry.ts';

/** Whether the visitor has a live session (false when the API is unreachable: the login screen says so). */
export async function hasSession(): Promise<boolean> {
  try {
    const response = await fetch(AUTH_USER_PATH, { credentials: 'include' });
    return response.ok;
  } catch {
    return false;
  }
}

/** Loads the federated signed-in app (dist/app/app.js and its app.css), which renders into #root itself. */
export function loadFederatedApp(): void {
  const stylesheet = document.createElement('link');
  stylesheet.rel = 'stylesheet';
  stylesheet.href = APP_STYLESHEET_URL;
  document.head.append(stylesheet);
  const script = document.createElement('script');
  script.src = APP_ENTRY_URL;
  document.head.append(script);
}
