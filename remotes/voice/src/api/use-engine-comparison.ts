import { callRoute } from '@annie/api-client/call-route';
import * as contract from '@annie/api-client/contracts/calls-routes';
import type { EngineComparison } from '@annie/api-client/contracts/usage';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Realtime and GPT-Live compared over the tenant's measured calls of the last 30 days (admins only). */
export async function getEngineComparison(signal?: AbortSignal): Promise<EngineComparison> {
  return callRoute(contract.getEngineComparison, { query: {} }, { signal });
}

export const engineComparisonQueryOptions = () =>
  queryOptions({
    queryKey: [contract.getEngineComparison.path] as const,
    queryFn: ({ signal }) => getEngineComparison(signal),
  });

export function useEngineComparison() {
  return useQuery(engineComparisonQueryOptions());
}
