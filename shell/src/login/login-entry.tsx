// The script of index.html, whose #root already holds the login screen rendered at build time: it
// hydrates it (Sign In is enabled once hydrated). The page starts it once the screen has been painted
// (the build holds it: holdScriptsUntilPainted), and it works in steps, each a task of its own, so that a
// key pressed meanwhile is not kept waiting behind one long task: React's client, then the screen's
// modules, then the hydration itself, in slices (a transition). The API sends this page only to requests
// without a session cookie, so the production page never asks for the session (the answer would be a
// 401, logged as an error in the console). The dev server sends it to everyone: there the session is
// checked after hydration, off the paint path, and a live one gets the federated app instead.
import '../boot.css';
import './login-theme.ts';
import { followAppearance, linkDarkSheet } from '@annie/ui/appearance/appearance';
import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { hasSession, loadFederatedApp } from '../boot/federated-app.ts';
import { nextTask } from '../boot/next-task.ts';

async function start() {
  // The page's head applied the appearance before its first paint; from here it follows the system and
  // the other tabs, as the signed-in app does.
  followAppearance({ onDark: linkDarkSheet });
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const { LoginPage } = await import(/* webpackMode: "eager" */ './login-page.tsx');
  await nextTask();
  let root: Root | undefined;
  // The dev build does not prerender, so its #root is empty.
  if (container.hasChildNodes()) {
    startTransition(() => {
      root = hydrateRoot(container, <LoginPage />);
    });
  } else {
    root = createRoot(container);
    root.render(<LoginPage />);
  }

  if (process.env.NODE_ENV !== 'production') {
    void hasSession().then((signedIn) => {
      if (!signedIn) return;
      root?.unmount();
      loadFederatedApp();
    });
  }
}

void start();
