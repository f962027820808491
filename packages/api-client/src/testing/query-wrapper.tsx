import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../query-client.ts';

/** A fresh app-configured QueryClient plus a renderHook wrapper providing it (tests only). */
export function createQueryWrapper() {
  const queryClient = createQueryClient();
  function wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  }
  return { queryClient, wrapper };
}
