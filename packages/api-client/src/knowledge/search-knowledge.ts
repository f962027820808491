import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type KnowledgeSearchQuery,
  type KnowledgeSearchResult,
  knowledgeSearchResponseSchema,
} from '../contracts/knowledge.ts';
import { apiJson } from '../http.ts';

function searchUrl({ q, sources, limit }: KnowledgeSearchQuery): string {
  const params = new URLSearchParams({ q });
  if (sources && sources.length > 0) params.set('sources', sources.join(','));
  if (limit !== undefined) params.set('limit', String(limit));
  return `/api/knowledge/search?${params}`;
}

/** GET /api/knowledge/search: ranked facts and notes for the search_knowledge_base tool (5 by default). */
export async function searchKnowledge(
  query: KnowledgeSearchQuery,
  signal?: AbortSignal,
): Promise<KnowledgeSearchResult[]> {
  const body = await apiJson<unknown>('GET', searchUrl(query), undefined, { signal });
  return knowledgeSearchResponseSchema.parse(body).results;
}

/** Query options for one search. */
export function knowledgeSearchQueryOptions(query: KnowledgeSearchQuery) {
  return queryOptions({
    queryKey: ['/api/knowledge/search', query] as const,
    queryFn: ({ signal }) => searchKnowledge(query, signal),
  });
}

/** Server-side knowledge search (skipped while the query is blank). */
export function useKnowledgeSearch(query: KnowledgeSearchQuery) {
  return useQuery({ ...knowledgeSearchQueryOptions(query), enabled: query.q.trim().length > 0 });
}
