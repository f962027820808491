import { callRoute } from '@annie/api-client/call-route';
import * as contract from '@annie/contracts/calls-routes';
import type { EngineComparison } from '@annie/contracts/usage';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * Realtime and GPT-Live compared over the calls of the last 30 days that one voice profile ran (its id
 * as the profile list names it; without one, the default profile). Admins only.
 */
export async function getEngineComparison(
  profileId: string | undefined,
  signal?: AbortSignal,
): Promise<EngineComparison> {
  return callRoute(contract.getEngineComparison, { query: profileId ? { profileId } : {} }, { signal });
}

export const engineComparisonQueryOptions = (profileId?: string) =>
  queryOptions({
    queryKey: [contract.getEngineComparison.path, profileId ?? null] as const,
    queryFn: ({ signal }) => getEngineComparison(profileId, signal),
  });

export function useEngineComparison(profileId?: string) {
  return useQuery(engineComparisonQueryOptions(profileId));
}
