import { Theme } from '@radix-ui/themes';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { FullPageSpinner } from '../spinner/spinner.tsx';
import { Toaster } from '../toast/toast.tsx';

/**
 * Mounts a remote on its own page for development, with the same providers the shell gives it when
 * federated. Sign in through the shell first: the session cookie is shared by every localhost port.
 */
export function renderStandaloneRemote(queryClient: QueryClient, routes: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <QueryClientProvider client={queryClient}>
      <Theme accentColor="indigo" grayColor="gray">
        <BrowserRouter>
          <Suspense fallback={<FullPageSpinner />}>{routes}</Suspense>
        </BrowserRouter>
        <Toaster />
      </Theme>
    </QueryClientProvider>,
  );
}
