// The first script of every page load. A signed-out visitor gets the login screen (a small plain bundle)
// and never downloads the federated app; a signed-in user gets the federated app and never the login
// bundle. The app checks the session again through the API client, which also stores the identity headers.
import './boot.css';
import { APP_ENTRY_URL } from './config/app-entry.ts';

async function hasSession(): Promise<boolean> {
  try {
    const response = await fetch('/api/auth/user', { credentials: 'include' });
    return response.ok;
  } catch {
    // Unreachable API: the login screen is the place that can say so (its notices show the error).
    return false;
  }
}

function loadFederatedApp(): void {
  const script = document.createElement('script');
  script.src = APP_ENTRY_URL;
  document.head.append(script);
}

async function boot(container: HTMLElement): Promise<void> {
  if (await hasSession()) {
    loadFederatedApp();
    return;
  }
  const { mountLoginApp } = await import('./login/login-app.tsx');
  mountLoginApp(container);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void boot(container);
