import type { RemoteAppPages } from '@annie/contracts/remotes';
import { type ComponentType, lazy } from 'react';

/**
 * The `./app` module: the shell's route table picks a page by name. Each page is its own chunk, fetched
 * when its route is first opened. The names are exactly the workspace entry of the remote list, so a page
 * renamed here or there is a compile error rather than a blank route.
 */
const pages = {
  google: lazy(() => import('./pages/google-page.tsx')),
  success: lazy(() => import('./pages/google-success-page.tsx')),
  error: lazy(() => import('./pages/google-error-page.tsx')),
} satisfies RemoteAppPages<'workspace', ComponentType>;

export default pages;
