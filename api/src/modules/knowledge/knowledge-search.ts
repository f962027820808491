import type { KnowledgeSearchResult, KnowledgeSource } from '@annie/contracts/knowledge';
import { fulltextHits, type SearchHit, substringHits } from './knowledge.queries.ts';
import type { Queryable } from './knowledge-sql.ts';
import { planSearch, SUBSTRING_MAX_LENGTH } from './search-terms.ts';

/** `shareableOnly`: only what the executive marked shareable (for answers sent without review). */
export type KnowledgeSearch = {
  q: string;
  sources?: KnowledgeSource[];
  limit: number;
  shareableOnly?: boolean;
};

const SNIPPET_MAX = 240;

/**
 * The search behind the assistant's search_knowledge_base tool: ranked full-text with prefix matching,
 * falling back to substring for very short queries (names only) or when full-text finds nothing.
 */
export async function searchKnowledge(
  db: Queryable,
  tenantId: string,
  search: KnowledgeSearch,
): Promise<KnowledgeSearchResult[]> {
  const plan = planSearch(search.q);
  const filter = {
    sources: search.sources?.length ? search.sources : null,
    limit: search.limit,
    shareableOnly: search.shareableOnly === true,
  };
  if (plan.kind === 'fulltext') {
    const hits = await fulltextHits(db, tenantId, plan, filter);
    if (hits.length > 0) return hits.map((hit) => toSearchResultDto(hit, null));
  }
  const namesOnly = plan.text.length <= SUBSTRING_MAX_LENGTH;
  const hits = await substringHits(db, tenantId, plan.text, namesOnly, filter);
  return hits.map((hit) => toSearchResultDto(hit, plan.text));
}

/** The compact shape the assistant reads; `needle` centres the snippet on a substring match. */
function toSearchResultDto(row: SearchHit, needle: string | null): KnowledgeSearchResult {
  const base = { id: row.id, snippet: snippet(row.text, needle), source: row.source, score: row.score };
  return row.type === 'fact'
    ? { type: 'fact', key: row.title, ...base }
    : { type: 'note', title: row.title, ...base };
}

function snippet(text: string, needle: string | null): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_MAX) return flat;
  const at = needle ? flat.toLowerCase().indexOf(needle.toLowerCase()) : -1;
  const start = at > SNIPPET_MAX / 3 ? at - Math.floor(SNIPPET_MAX / 3) : 0;
  const cut = flat.slice(start, start + SNIPPET_MAX).trim();
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET_MAX < flat.length ? '…' : ''}`;
}
