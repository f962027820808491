import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './http.ts';

/**
 * The app's one QueryClient: never stale, no focus refetch, no polling, no retries; data is refetched
 * only when a change invalidates it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
