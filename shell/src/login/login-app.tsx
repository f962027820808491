import { createRoot } from 'react-dom/client';
import { LoginPage } from './login-page.tsx';
import './login-theme.ts';

/** Renders the login screen into #root (the signed-out page; a successful login reloads the page). */
export function mountLoginApp(container: HTMLElement): void {
  createRoot(container).render(<LoginPage />);
}
