import { type ComponentType, lazy } from 'react';

/**
 * The `./app` module: the shell's route table picks a page by name. Each page is its own chunk, fetched
 * when its route is first opened.
 */
const pages = {
  google: lazy(() => import('./pages/google-page.tsx')),
  success: lazy(() => import('./pages/google-success-page.tsx')),
  error: lazy(() => import('./pages/google-error-page.tsx')),
} satisfies Record<string, ComponentType>;

export default pages;
