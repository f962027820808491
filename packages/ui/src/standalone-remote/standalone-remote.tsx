import { Theme } from '@radix-ui/themes';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullPageSpinner } from '../spinner/spinner.tsx';
import { Toaster } from '../toast/toast.tsx';

/** A remote page on the path the shell's route table gives it. */
export type StandaloneRoute = { path: string; Page: ComponentType };

/**
 * Mounts a remote's pages on their shell paths for development, with the same providers the shell
 * gives it when federated. Sign in through the shell first: the session cookie is shared by every
 * localhost port.
 */
export function renderStandaloneRemote(queryClient: QueryClient, routes: readonly StandaloneRoute[]): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <QueryClientProvider client={queryClient}>
      <Theme accentColor="indigo" grayColor="gray">
        <BrowserRouter>
          <Suspense fallback={<FullPageSpinner />}>
            <Routes>
              {routes.map(({ path, Page }) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
            </Routes>
          </Suspense>
        </BrowserRouter>
        <Toaster />
      </Theme>
    </QueryClientProvider>,
  );
}
