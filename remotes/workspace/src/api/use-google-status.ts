import { callRoute } from '@annie/api-client/call-route';
import type { GoogleStatus } from '@annie/contracts/workspace';
import { getGoogleStatus as getGoogleStatusRoute } from '@annie/contracts/workspace-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Query key of the connection status. */
export const googleStatusQueryKey = [getGoogleStatusRoute.path] as const;

/** Whether this user's Google account is connected. */
export function getGoogleStatus(signal?: AbortSignal): Promise<GoogleStatus> {
  return callRoute(getGoogleStatusRoute, {}, { signal });
}

/** Query options for the connection status. */
export function googleStatusQueryOptions() {
  return queryOptions({ queryKey: googleStatusQueryKey, queryFn: ({ signal }) => getGoogleStatus(signal) });
}

/** The connection status (checked once; the page's refresh button checks again). */
export function useGoogleStatus() {
  return useQuery(googleStatusQueryOptions());
}
