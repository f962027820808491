import { callRoute } from '@annie/api-client/call-route';
import type { Approvals } from '@annie/contracts/inbox';
import { listApprovals } from '@annie/contracts/inbox-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Query key of the approvals queue; deciding anything in it invalidates it (and the count). */
export const approvalsQueryKey = [listApprovals.path] as const;

/** The one approvals queue: threads whose draft waits, and callers' requests, oldest first. */
export async function getApprovals(signal?: AbortSignal): Promise<Approvals> {
  return callRoute(listApprovals, {}, { signal });
}

export function approvalsQueryOptions() {
  return queryOptions({ queryKey: approvalsQueryKey, queryFn: ({ signal }) => getApprovals(signal) });
}

/** What waits for the executive's approval. */
export function useApprovals() {
  return useQuery(approvalsQueryOptions());
}
