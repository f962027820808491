import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PendingActionList, pendingActionListSchema } from '../contracts/trust.ts';
import { apiJson } from '../http.ts';

/** Query key of the signed-in user's pending actions; every related key starts with it. */
export const pendingActionsQueryKey = ['/api/pending-actions'] as const;

/** GET /api/pending-actions: requests callers made, newest first, and how many still wait. */
export async function getPendingActions(signal?: AbortSignal): Promise<PendingActionList> {
  return pendingActionListSchema.parse(
    await apiJson<unknown>('GET', '/api/pending-actions', undefined, { signal }),
  );
}

/** Query options of the pending actions; refreshed every minute so the navigation's count stays current. */
export function pendingActionsQueryOptions() {
  return queryOptions({
    queryKey: pendingActionsQueryKey,
    queryFn: ({ signal }) => getPendingActions(signal),
    refetchInterval: 60_000,
  });
}

/** The signed-in user's pending actions. */
export function usePendingActions() {
  return useQuery(pendingActionsQueryOptions());
}
