import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Fact, factSchema } from '../contracts/knowledge.ts';
import { fetchAllPages } from './fetch-all-pages.ts';

/** Query key of the fact list; every fact mutation invalidates it (and the version lists under it). */
export const factsQueryKey = ['/api/knowledge/facts'] as const;

/** GET /api/knowledge/facts: every fact at its latest version, newest first (read in pages, returned whole). */
export function getFacts(signal?: AbortSignal): Promise<Fact[]> {
  return fetchAllPages('/api/knowledge/facts', factSchema, signal);
}

/** Query options for the fact list. */
export function factsQueryOptions() {
  return queryOptions({ queryKey: factsQueryKey, queryFn: ({ signal }) => getFacts(signal) });
}

/** The tenant's knowledge facts. */
export function useFacts() {
  return useQuery(factsQueryOptions());
}
