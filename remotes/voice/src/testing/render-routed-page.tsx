import { createQueryClient } from '@annie/api-client/query-client';
import { Toaster } from '@annie/ui/toast/toast';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

/** Renders a page at `path` with the query client, theme, toaster and a router (other paths say "Elsewhere"). */
export function renderRoutedPage(page: ReactElement, path: string) {
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <Theme>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path} element={page} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </Theme>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), unmount: view.unmount };
}
