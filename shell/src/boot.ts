// The first script of app.html, the page the API sends when the request carries a session cookie.
// A signed-in user gets the federated app and never the login bundle; a stale cookie falls back to the
// login screen rendered here. The app checks the session again through the API client, which also
// stores the identity headers. (Visitors without a cookie get index.html: the login screen
// rendered at build time, see login/login-entry.tsx.)
import './boot.css';
import { hasSession, loadFederatedApp } from './boot/federated-app.ts';

async function boot(container: HTMLElement): Promise<void> {
  if (await hasSession()) {
    loadFederatedApp();
    return;
  }
  const { mountLoginApp } = await import('./login/login-app.tsx');
  mountLoginApp(container);
}

const container = document.getElementById('root');
if (!container) throw new Error('app.html has no #root element');
void boot(container);
