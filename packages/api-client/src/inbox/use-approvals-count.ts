import type { ApprovalsCount } from '@annie/contracts/inbox';
import { getApprovalsCount } from '@annie/contracts/inbox-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../call-route.ts';

/** Query key of the approvals count; deciding a draft or a request invalidates it. */
export const approvalsCountQueryKey = [getApprovalsCount.path] as const;

/** How many SMS drafts and callers' requests wait for the signed-in user's approval. */
export async function fetchApprovalsCount(signal?: AbortSignal): Promise<ApprovalsCount> {
  return callRoute(getApprovalsCount, {}, { signal });
}

/** The approvals count, refreshed every minute so the navigation's badge stays current. */
export function useApprovalsCount() {
  return useQuery(
    queryOptions({
      queryKey: approvalsCountQueryKey,
      queryFn: ({ signal }) => fetchApprovalsCount(signal),
      refetchInterval: 60_000,
    }),
  );
}
