import type { RemoteAppPages } from '@annie/api-client/contracts/remotes';
import { type ComponentType, lazy } from 'react';

/**
 * The `./app` module: the shell's route table picks a page by name. Each page is its own chunk, fetched
 * when its route is first opened. The names are exactly the voice entry of the remote list, so a page
 * renamed here or there is a compile error rather than a blank route.
 */
const pages = {
  realtime: lazy(() => import('./pages/realtime-voice-page.tsx')),
  call: lazy(() => import('./pages/voice-call-page.tsx')),
  voice: lazy(() => import('./pages/voice-page.tsx')),
  'call-logs': lazy(() => import('./pages/call-logs-page.tsx')),
} satisfies RemoteAppPages<'voice', ComponentType>;

export default pages;
