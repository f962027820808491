import { callRoute } from '@annie/api-client/call-route';
import type { KnowledgeSearchQuery, KnowledgeSearchResult } from '@annie/contracts/knowledge';
import { searchKnowledge as searchRoute } from '@annie/contracts/knowledge-routes';

/** Ranked facts and notes for the search_knowledge_base tool (5 by default); sources go comma-joined. */
export async function searchKnowledge(
  { q, sources, limit }: KnowledgeSearchQuery,
  signal?: AbortSignal,
): Promise<KnowledgeSearchResult[]> {
  const query = { q, sources: sources?.length ? sources.join(',') : undefined, limit };
  return (await callRoute(searchRoute, { query }, { signal })).results;
}
