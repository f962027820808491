import { callRoute } from '@annie/api-client/call-route';
import type { RemoteRegistryResponse } from '@annie/contracts/remote-registry';
import { readRemoteRegistry } from '@annie/contracts/remote-registry-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Where each remote's manifest lives for this user. */
export function getRemoteRegistry(signal?: AbortSignal): Promise<RemoteRegistryResponse> {
  return callRoute(readRemoteRegistry, {}, { signal });
}

// An activation reaches a page already open: a route entered after this long asks the registry again.
const REGISTRY_FRESH_MS = 2_000;

/** Query options for the remote registry. */
export function remoteRegistryQueryOptions() {
  return queryOptions({
    queryKey: [readRemoteRegistry.path] as const,
    queryFn: ({ signal }) => getRemoteRegistry(signal),
    staleTime: REGISTRY_FRESH_MS,
  });
}

/** The remote registry the shell mounts remotes from. */
export function useRemoteRegistry() {
  return useQuery(remoteRegistryQueryOptions());
}
