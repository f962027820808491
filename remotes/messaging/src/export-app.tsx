import { withPhoneFormat } from '@annie/ui/format';
import { type ComponentType, lazy } from 'react';

/**
 * The `./app` module: the shell's route table picks a page by name. Each page is its own chunk, fetched
 * when its route is first opened, together with the phone formatter (for numbers outside North America),
 * so a page's first render shows every number as people write it.
 */
const pages = {
  threads: lazy(withPhoneFormat(() => import('./pages/threads-page.tsx'))),
  thread: lazy(withPhoneFormat(() => import('./pages/thread-page.tsx'))),
  contacts: lazy(withPhoneFormat(() => import('./pages/contacts-page.tsx'))),
  contact: lazy(withPhoneFormat(() => import('./pages/contact-page.tsx'))),
  conversations: lazy(withPhoneFormat(() => import('./pages/conversations-page.tsx'))),
} satisfies Record<string, ComponentType>;

export default pages;
