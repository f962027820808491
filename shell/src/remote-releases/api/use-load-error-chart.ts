import { callRoute } from '@annie/api-client/call-route';
import { readRemoteLoadErrors } from '@annie/contracts/remote-releases-routes';
import type { RemoteName } from '@annie/contracts/remotes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { remoteReleasesQueryKey } from './use-remote-releases.ts';

/** One remote's load failures per version since each activation (read again with the registry). */
export function loadErrorChartQueryOptions(remote: RemoteName) {
  return queryOptions({
    queryKey: [...remoteReleasesQueryKey, remote, 'load-errors'] as const,
    queryFn: ({ signal }) => callRoute(readRemoteLoadErrors, { params: { remote } }, { signal }),
  });
}

export function useLoadErrorChart(remote: RemoteName) {
  return useQuery(loadErrorChartQueryOptions(remote));
}
