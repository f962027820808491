import { createQueryClient } from '@annie/api-client/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A fresh app-configured QueryClient plus a renderHook wrapper providing it (tests only). */
export function createQueryWrapper() {
  const queryClient = createQueryClient();
  function wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  }
  return { queryClient, wrapper };
}
