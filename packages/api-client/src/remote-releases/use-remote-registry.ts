import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RemoteRegistryResponse, remoteRegistryResponseSchema } from '../contracts/remote-registry.ts';
import { apiJson } from '../http.ts';

/** GET /api/modules: where each remote's manifest lives. */
export async function getRemoteRegistry(signal?: AbortSignal): Promise<RemoteRegistryResponse> {
  return remoteRegistryResponseSchema.parse(
    await apiJson<unknown>('GET', '/api/modules', undefined, { signal }),
  );
}

// An activation reaches a page already open: a route entered after this long asks the registry again.
const REGISTRY_FRESH_MS = 2_000;

/** Query options for the remote registry. */
export function remoteRegistryQueryOptions() {
  return queryOptions({
    queryKey: ['/api/modules'] as const,
    queryFn: ({ signal }) => getRemoteRegistry(signal),
    staleTime: REGISTRY_FRESH_MS,
  });
}

/** The remote registry the shell mounts remotes from. */
export function useRemoteRegistry() {
  return useQuery(remoteRegistryQueryOptions());
}
