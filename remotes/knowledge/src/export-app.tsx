import type { RemoteAppPages } from '@annie/contracts/remotes';
import { type ComponentType, lazy } from 'react';

/**
 * The `./app` module: the shell's route table picks a page by name. Each page is its own chunk, fetched
 * when its route is first opened. The names are exactly the knowledge entry of the remote list, so a page
 * renamed here or there is a compile error rather than a blank route.
 */
const pages = {
  knowledge: lazy(() => import('./pages/knowledge-page.tsx')),
} satisfies RemoteAppPages<'knowledge', ComponentType>;

export default pages;
