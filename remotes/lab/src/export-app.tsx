import { type ComponentType, lazy } from 'react';

/**
 * The `./app` module: the shell's route table picks a page by name. Each page is its own chunk, fetched
 * when its route is first opened.
 */
const pages = {
  lab: lazy(() => import('./pages/lab-page.tsx')),
} satisfies Record<string, ComponentType>;

export default pages;
