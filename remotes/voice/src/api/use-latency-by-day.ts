import { callRoute } from '@annie/api-client/call-route';
import { getLatencyByDay as latencyRoute } from '@annie/contracts/call-latency-routes';
import type { LatencyByDay } from '@annie/contracts/usage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usageQueryKey } from './use-usage-report.ts';

/** Response latency per day of this month's measured calls (admins only). */
export async function getLatencyByDay(signal?: AbortSignal): Promise<LatencyByDay> {
  return callRoute(latencyRoute, { query: {} }, { signal });
}

export const latencyByDayQueryOptions = () =>
  queryOptions({
    queryKey: [...usageQueryKey, 'latency-by-day'] as const,
    queryFn: ({ signal }) => getLatencyByDay(signal),
  });

export function useLatencyByDay(enabled: boolean) {
  return useQuery({ ...latencyByDayQueryOptions(), enabled });
}
