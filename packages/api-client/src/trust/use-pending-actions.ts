import type { PendingActionList } from '@annie/contracts/trust';
import { listPendingActions } from '@annie/contracts/trust-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../call-route.ts';

/** Query key of the signed-in user's pending actions; every related key starts with it. */
export const pendingActionsQueryKey = [listPendingActions.path] as const;

/** Requests callers made, newest first, and how many still wait. */
export async function getPendingActions(signal?: AbortSignal): Promise<PendingActionList> {
  return callRoute(listPendingActions, {}, { signal });
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
