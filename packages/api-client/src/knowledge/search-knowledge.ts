import { callRoute } from '../call-route.ts';
import type { KnowledgeSearchQuery, KnowledgeSearchResult } from '../contracts/knowledge.ts';
import { searchKnowledge as searchRoute } from '../contracts/knowledge-routes.ts';

/** Ranked facts and notes for the search_knowledge_base tool (5 by default); sources go comma-joined. */
export async function searchKnowledge(
  { q, sources, limit }: KnowledgeSearchQuery,
  signal?: AbortSignal,
): Promise<KnowledgeSearchResult[]> {
  const query = { q, sources: sources?.length ? sources.join(',') : undefined, limit };
  return (await callRoute(searchRoute, { query }, { signal })).results;
}
