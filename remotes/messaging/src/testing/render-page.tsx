import { createQueryClient } from '@annie/api-client/query-client';
import { Toaster } from '@annie/ui/toast/toast';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

/** Renders a page at `path` (matched by `route`) with the query client, theme and toaster. */
export function renderPage(page: ReactElement, path: string, route = path) {
  render(
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
  return userEvent.setup();
}
