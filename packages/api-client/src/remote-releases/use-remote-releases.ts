import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RemoteReleases, remoteReleasesSchema } from '../contracts/remote-releases.ts';
import { apiJson } from '../http.ts';

export const remoteReleasesQueryKey = ['/api/modules/releases'] as const;

/** GET /api/modules/releases: every remote's releases, active version, canary, load errors and audit. */
export async function getRemoteReleases(signal?: AbortSignal): Promise<RemoteReleases> {
  return remoteReleasesSchema.parse(
    await apiJson<unknown>('GET', '/api/modules/releases', undefined, { signal }),
  );
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
