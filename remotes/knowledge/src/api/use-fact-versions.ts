import { callRoute } from '@annie/api-client/call-route';
import { listFactVersions } from '@annie/contracts/knowledge-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { factsQueryKey } from './use-facts.ts';

/** Every version of one fact, newest first. */
export function getFactVersions(key: string, signal?: AbortSignal) {
  return callRoute(listFactVersions, { params: { key } }, { signal });
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
