import { createQueryClient } from '@annie/api-client/query-client';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Toaster } from '../toast/toast.tsx';

/**
 * Renders a remote's page at `path`, matched by `route` (default: the path itself), with the app's
 * query client, the theme, the toaster and a router where any other path says "Elsewhere" (tests only).
 */
export function renderRoutedPage(page: ReactElement, path: string, route = path) {
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <Theme>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={page} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </Theme>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), unmount: view.unmount };
}
