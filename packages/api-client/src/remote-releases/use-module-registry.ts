import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ModuleRegistry, moduleRegistrySchema } from '../contracts/modules.ts';
import { apiJson } from '../http.ts';

/** GET /api/modules: where each remote's manifest lives. */
export async function getModuleRegistry(signal?: AbortSignal): Promise<ModuleRegistry> {
  return moduleRegistrySchema.parse(await apiJson<unknown>('GET', '/api/modules', undefined, { signal }));
}

// An activation reaches a page already open: a route entered after this long asks the registry again.
const REGISTRY_FRESH_MS = 2_000;

/** Query options for the module registry. */
export function moduleRegistryQueryOptions() {
  return queryOptions({
    queryKey: ['/api/modules'] as const,
    queryFn: ({ signal }) => getModuleRegistry(signal),
    staleTime: REGISTRY_FRESH_MS,
  });
}

/** The module registry the shell mounts remotes from. */
export function useModuleRegistry() {
  return useQuery(moduleRegistryQueryOptions());
}
