import { createRoot } from 'react-dom/client';
import { AppProviders } from '../app/app-providers.tsx';
import { LoginScreen } from '../components/login/login-screen.tsx';
import './login-theme.ts';

/** Renders the login screen into #root (the signed-out page; a successful login reloads the page). */
export function mountLoginApp(container: HTMLElement): void {
  createRoot(container).render(
    <AppProviders>
      <LoginScreen />
    </AppProviders>,
  );
}
