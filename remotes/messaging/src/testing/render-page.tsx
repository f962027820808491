import { createQueryClient } from '@annie/api-client/query-client';
import { Toaster } from '@annie/ui/toast/toast';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';

type Handler = (body: unknown) => [status: number, body: unknown];
/** Answers per "METHOD /path" (no query); anything else is a 404. */
export type FakeApi = Record<string, Handler>;

/** Stubs fetch with the given answers and records what was called. */
export function stubApi(api: FakeApi) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const method = init?.method ?? 'GET';
      const url = String(input).split('?')[0] ?? '';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const [status, answer] = api[`${method} ${url}`]?.(body) ?? [
        404,
        { message: 'Not found', code: 'not_found' },
      ];
      return new Response(JSON.stringify(answer), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

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
