import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GoogleStatus, googleStatusSchema } from '../contracts/workspace.ts';
import { apiJson } from '../http.ts';

/** Query key of the connection status; every Google query key starts with '/api/google'. */
export const googleStatusQueryKey = ['/api/google/status'] as const;

/** GET /api/google/status: whether this user's Google account is connected. */
export async function getGoogleStatus(signal?: AbortSignal): Promise<GoogleStatus> {
  return googleStatusSchema.parse(await apiJson<unknown>('GET', '/api/google/status', undefined, { signal }));
}

/** Query options for the connection status. */
export function googleStatusQueryOptions() {
  return queryOptions({ queryKey: googleStatusQueryKey, queryFn: ({ signal }) => getGoogleStatus(signal) });
}

/** The connection status (checked once; the page's refresh button checks again). */
export function useGoogleStatus() {
  return useQuery(googleStatusQueryOptions());
}
