// The script of index.html, whose #root already holds the login screen rendered at build time: it
// hydrates it (Sign In is enabled once hydrated). The API sends this page only to requests without a
// session cookie, so the production page never asks for the session (the answer would be a 401, logged
// as an error in the console). The dev server sends it to everyone: there the session is checked after
// hydration, off the paint path, and a live one gets the federated app instead.
import '../boot.css';
import './login-theme.ts';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hasSession, loadFederatedApp } from '../boot/federated-app.ts';
import { LoginPage } from './login-page.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The dev build does not prerender, so its #root is empty.
const prerendered = container.hasChildNodes();
const root = prerendered ? hydrateRoot(container, <LoginPage />) : createRoot(container);
if (!prerendered) root.render(<LoginPage />);

if (process.env.NODE_ENV !== 'production') {
  void hasSession().then((signedIn) => {
    if (!signedIn) return;
    root.unmount();
    loadFederatedApp();
  });
}
