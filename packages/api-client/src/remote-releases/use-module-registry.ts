import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../call-route.ts';
import type { ModuleRegistry } from '../contracts/modules.ts';
import { readRemoteRegistry } from '../contracts/remote-registry-routes.ts';

/** Where each remote's manifest lives for this user. */
export function getModuleRegistry(signal?: AbortSignal): Promise<ModuleRegistry> {
  return callRoute(readRemoteRegistry, {}, { signal });
}

// An activation reaches a page already open: a route entered after this long asks the registry again.
const REGISTRY_FRESH_MS = 2_000;

/** Query options for the module registry. */
export function moduleRegistryQueryOptions() {
  return queryOptions({
    queryKey: [readRemoteRegistry.path] as const,
    queryFn: ({ signal }) => getModuleRegistry(signal),
    staleTime: REGISTRY_FRESH_MS,
  });
}

/** The module registry the shell mounts remotes from. */
export function useModuleRegistry() {
  return useQuery(moduleRegistryQueryOptions());
}
