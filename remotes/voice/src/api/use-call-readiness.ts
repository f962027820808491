import { callRoute } from '@annie/api-client/call-route';
import type { CallReadiness } from '@annie/contracts/calls';
import { getCallReadiness } from '@annie/contracts/calls-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/calls/readiness: whether a call may start now, and the notice when it may not. */
export function fetchCallReadiness(signal?: AbortSignal): Promise<CallReadiness> {
  return callRoute(getCallReadiness, {}, { signal });
}

export function callReadinessQueryOptions() {
  return queryOptions({
    queryKey: [getCallReadiness.path] as const,
    queryFn: ({ signal }) => fetchCallReadiness(signal),
    // A budget changes rarely; read it again when the executive comes back to the screen.
    staleTime: 30_000,
  });
}

/** Whether calls are paused (the budget's hard stop), said before Start; unknown (undefined) while loading. */
export function useCallReadiness() {
  return useQuery(callReadinessQueryOptions());
}
