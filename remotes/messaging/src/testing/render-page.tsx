import { renderRoutedPage } from '@annie/ui/testing/render-routed-page';
import type { ReactElement } from 'react';

/** Renders a page at `path` (matched by `route`) with the query client, theme and toaster; the user. */
export function renderPage(page: ReactElement, path: string, route = path) {
  return renderRoutedPage(page, path, route).user;
}
