import { type ComponentType, lazy } from 'react';

/**
 * The `./app` module: the shell's route table picks a page by name. Each page is its own chunk, fetched
 * when its route is first opened.
 */
const pages = {
  threads: lazy(() => import('./pages/threads-page.tsx')),
  thread: lazy(() => import('./pages/thread-page.tsx')),
  contacts: lazy(() => import('./pages/contacts-page.tsx')),
  contact: lazy(() => import('./pages/contact-page.tsx')),
  conversations: lazy(() => import('./pages/conversations-page.tsx')),
} satisfies Record<string, ComponentType>;

export default pages;
