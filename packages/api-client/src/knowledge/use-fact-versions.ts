import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FactVersion, factVersionSchema } from '../contracts/knowledge.ts';
import { apiJson } from '../http.ts';
import { factsQueryKey } from './use-facts.ts';

const versionListSchema = factVersionSchema.array();

/** GET /api/knowledge/facts/:key/versions: every version of one fact, newest first. */
export async function getFactVersions(key: string, signal?: AbortSignal): Promise<FactVersion[]> {
  const url = `/api/knowledge/facts/${encodeURIComponent(key)}/versions`;
  return versionListSchema.parse(await apiJson<unknown>('GET', url, undefined, { signal }));
}

/** Query options for a fact's versions; the key sits under the fact list's, so fact edits refresh it. */
export function factVersionsQueryOptions(key: string) {
  return queryOptions({
    queryKey: [...factsQueryKey, key, 'versions'] as const,
    queryFn: ({ signal }) => getFactVersions(key, signal),
  });
}

/** The version history of the fact with this key (not fetched while `enabled` is false). */
export function useFactVersions(key: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...factVersionsQueryOptions(key), enabled: options.enabled ?? true });
}
