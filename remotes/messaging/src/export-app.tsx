import type { RemoteAppPages } from '@annie/api-client/contracts/remotes';
import { type ComponentType, lazy } from 'react';

/**
 * The `./app` module: the shell's route table picks a page by name. Each page is its own chunk, fetched
 * when its route is first opened. The names are exactly the messaging entry of the remote list, so a page
 * renamed here or there is a compile error rather than a blank route.
 */
const pages = {
  threads: lazy(() => import('./pages/threads-page.tsx')),
  thread: lazy(() => import('./pages/thread-page.tsx')),
  contacts: lazy(() => import('./pages/contacts-page.tsx')),
  contact: lazy(() => import('./pages/contact-page.tsx')),
  conversations: lazy(() => import('./pages/conversations-page.tsx')),
} satisfies RemoteAppPages<'messaging', ComponentType>;

export default pages;
