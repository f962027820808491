// Built for Node by the shell-prerender compilation; the page build puts its output inside index.html's
// #root, so the login screen paints before any script has loaded.
import { renderToString } from 'react-dom/server';
import { LoginPage } from './login-page.tsx';

/** The login screen's HTML as the first client render will produce it (so hydration matches). */
export function renderLoginMarkup(): string {
  return renderToString(<LoginPage />);
}
