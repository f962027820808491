import { callRoute } from '@annie/api-client/call-route';
import { listRemoteReleases } from '@annie/contracts/remote-releases-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const remoteReleasesQueryKey = [listRemoteReleases.path] as const;

/** Every remote's releases, active version, canary, load errors and audit. */
export function getRemoteReleases(signal?: AbortSignal) {
  return callRoute(listRemoteReleases, {}, { signal });
}

export function remoteReleasesQueryOptions() {
  return queryOptions({
    queryKey: remoteReleasesQueryKey,
    queryFn: ({ signal }) => getRemoteReleases(signal),
  });
}

/** The release registry (the operator's administrators only). */
export function useRemoteReleases() {
  return useQuery(remoteReleasesQueryOptions());
}
