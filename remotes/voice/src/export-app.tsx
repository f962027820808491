import type { RemoteAppPages } from '@annie/contracts/remotes';
import { withPhoneFormat } from '@annie/ui/format';
import { type ComponentType, lazy } from 'react';
import BrowserCallPage from './pages/browser-call-page.tsx';

/**
 * The `./app` module: the shell's route table picks a page by name. The names are exactly the voice
 * entry of the remote list, so a page renamed here or there is a compile error rather than a blank route.
 *
 * The browser call page (`realtime`) is the home page (`/`, and `/voice`): it is part of this module's own chunk, which
 * the federation runtime fetches beside remoteEntry.js (listed in mf-manifest.json), instead of a chunk
 * of its own fetched only once this module has run, a round trip later on the first screen after sign-in.
 * Every other page is its own chunk, fetched when its route is first opened.
 */
const pages = {
  realtime: BrowserCallPage,
  call: lazy(() => import('./pages/typed-call-page.tsx')),
  voice: BrowserCallPage,
  // Call Logs shows callers' numbers: its chunk comes with the formatter for numbers abroad.
  'call-logs': lazy(withPhoneFormat(() => import('./pages/call-logs-page.tsx'))),
} satisfies RemoteAppPages<'voice', ComponentType>;

export default pages;
