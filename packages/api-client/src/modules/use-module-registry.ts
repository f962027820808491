import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ModuleRegistry, moduleRegistrySchema } from '../contracts/modules.ts';
import { apiJson } from '../http.ts';

/** GET /api/modules: where each remote's manifest lives. */
export async function getModuleRegistry(signal?: AbortSignal): Promise<ModuleRegistry> {
  return moduleRegistrySchema.parse(await apiJson<unknown>('GET', '/api/modules', undefined, { signal }));
}

/** Query options for the module registry. */
export function moduleRegistryQueryOptions() {
  return queryOptions({
    queryKey: ['/api/modules'] as const,
    queryFn: ({ signal }) => getModuleRegistry(signal),
  });
}

/** The module registry the shell mounts remotes from. */
export function useModuleRegistry() {
  return useQuery(moduleRegistryQueryOptions());
}
