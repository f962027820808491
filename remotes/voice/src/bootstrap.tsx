import { createQueryClient } from '@annie/api-client/query-client';
import { FullPageSpinner } from '@annie/ui/spinner/spinner';
import { Toaster } from '@annie/ui/toast/toast';
import { Theme } from '@radix-ui/themes';
import '@radix-ui/themes/styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { StandaloneRoutes } from './routes.tsx';

// Standalone development only: the same providers the shell gives a mounted remote. Sign in through the
// shell's dev server first; the session cookie is shared by every localhost port.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <QueryClientProvider client={createQueryClient()}>
    <Theme accentColor="indigo" grayColor="gray">
      <BrowserRouter>
        <Suspense fallback={<FullPageSpinner />}>
          <StandaloneRoutes />
        </Suspense>
      </BrowserRouter>
      <Toaster />
    </Theme>
  </QueryClientProvider>,
);
