// The Radix Themes sheet cut to what the product uses (see build-config's radix-css-subset): the
// components of the shared surface (`&surface`), the colour scales of the product's palette
// (`&palette`), the breakpoints its responsive props use (`&breakpoints`) and only those props'
// breakpoint variants (`&responsiveProps`), light only: the dark appearance's rules (`&only=dark`, same cut)
// are a separate sheet (src/appearance/dark-sheet.ts), linked by the page's head when it starts dark, or
// the first time it turns dark (the system, another tab or the user menu's toggle).
import '@radix-ui/themes/styles.css?radix-subset&dark=false&palette&breakpoints&responsiveProps&surface';
import { followAppearance, linkDarkSheet } from '@annie/ui/appearance/appearance';
import type { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './app/app.css';

/** Renders the signed-in app into #root (replacing the spinner app.html shows) with the given client. */
export function renderApp(queryClient: QueryClient): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('app.html has no #root element');
  // Light or dark on <html> (the page's head applied it before its first paint), then kept up with the
  // system and other tabs.
  followAppearance({ onDark: linkDarkSheet });
  const root = createRoot(container);
  // A transition: React renders in slices and lets the browser in between (the spinner stays until the
  // commit) instead of holding the main thread for the whole first render.
  startTransition(() => root.render(<App queryClient={queryClient} />));
}
