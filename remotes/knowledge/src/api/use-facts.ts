import { fetchAllPages } from '@annie/api-client/knowledge/fetch-all-pages';
import { listFacts } from '@annie/contracts/knowledge-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Query key of the fact list; every fact mutation invalidates it (and the version lists under it). */
export const factsQueryKey = [listFacts.path] as const;

/** Every fact at its latest version, newest first (read in pages, returned whole). */
export function getFacts(signal?: AbortSignal) {
  return fetchAllPages(listFacts, signal);
}

/** Query options for the fact list. */
export function factsQueryOptions() {
  return queryOptions({ queryKey: factsQueryKey, queryFn: ({ signal }) => getFacts(signal) });
}

/** The tenant's knowledge facts. */
export function useFacts() {
  return useQuery(factsQueryOptions());
}
