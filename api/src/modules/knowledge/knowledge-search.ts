import type { KnowledgeSearchResult, KnowledgeSource } from '@annie/api-client/contracts/knowledge';
import { escapeLike, type Queryable } from './knowledge-sql.ts';
import { planSearch, SUBSTRING_MAX_LENGTH } from './search-terms.ts';

export type KnowledgeSearch = { q: string; sources?: KnowledgeSource[]; limit: number };

type HitRow = {
  type: 'fact' | 'note';
  id: string;
  title: string;
  source: KnowledgeSource;
  score: number;
  text: string;
};

const SNIPPET_MAX = 240;
const HEADLINE_OPTIONS = 'MaxWords=35, MinWords=15, ShortWord=2, MaxFragments=1, StartSel="", StopSel=""';
// A fact reads as its value's JSON text followed by its unit.
const FACT_TEXT = `f.value_text || coalesce(' ' || f.unit, '')`;
const SOURCE_FILTER = (alias: string, param: string) =>
  `(${param}::text[] is null or ${alias}.source = any(${param}))`;

// Ranked full-text search over both tables. Every word is a prefix term; a hit matching all of them gets
// +1, then ts_rank (normalised to 0..1) orders within. Each side is cut to the limit before the union,
// and the note snippet (ts_headline re-reads the body) is built only for the rows returned.
const FULLTEXT_SQL = `
  with query as (select to_tsquery('english', $2) as any_terms, to_tsquery('english', $3) as all_terms),
  hits as (
    (select 'fact' as type, f.id, f.key as title, f.source, f.created_at, ${FACT_TEXT} as text,
       (f.search @@ query.all_terms)::int + ts_rank(f.search, query.any_terms, 32) as score
     from knowledge_fact f, query
     where f.tenant_id = $1 and f.search @@ query.any_terms and ${SOURCE_FILTER('f', '$4')}
     order by score desc, f.created_at desc
     limit $5)
    union all
    (select 'note', n.id, n.title, n.source, n.created_at, n.body,
       (n.search @@ query.all_terms)::int + ts_rank(n.search, query.any_terms, 32)
     from knowledge_note n, query
     where n.tenant_id = $1 and n.search @@ query.any_terms and ${SOURCE_FILTER('n', '$4')}
     order by 7 desc, n.created_at desc
     limit $5)
  ),
  top as (select * from hits order by score desc, created_at desc limit $5)
  select top.type, top.id, top.title, top.source, round(top.score::numeric, 4)::float8 as score,
    case when top.type = 'note' then ts_headline('english', top.text, query.any_terms, '${HEADLINE_OPTIONS}')
         else top.text end as text
  from top, query
  order by top.score desc, top.created_at desc`;

// Substring match. Needles of three or more characters match what the screen's own filter matches
// (facts on key or value text, notes on title, body or any tag) through the trigram indexes on the
// haystack functions; shorter needles have no trigrams, so they match the short name fields only
// (key, title, tags), which stays cheap and is all a one- or two-letter query can usefully find.
// A key or title match scores highest, then a tag, then the rest.
const NOTE_TAGS = `array_to_string(n.tags, E'\\n')`;
function substringSql(scope: 'everything' | 'names'): string {
  const factMatch =
    scope === 'everything' ? 'knowledge_fact_haystack(f.key, f.value_text) ilike $2' : 'f.key ilike $2';
  const noteMatch =
    scope === 'everything'
      ? 'knowledge_note_haystack(n.title, n.body, n.tags) ilike $2'
      : `(n.title ilike $2 or ${NOTE_TAGS} ilike $2)`;
  return `
  with hits as (
    (select 'fact' as type, f.id, f.key as title, f.source, f.created_at, ${FACT_TEXT} as text,
       case when f.key ilike $2 then 1.0 else 0.5 end as score
     from knowledge_fact f
     where f.tenant_id = $1 and ${factMatch} and ${SOURCE_FILTER('f', '$3')}
     order by score desc, f.created_at desc
     limit $4)
    union all
    (select 'note', n.id, n.title, n.source, n.created_at, n.body,
       case when n.title ilike $2 then 1.0 when ${NOTE_TAGS} ilike $2 then 0.75 else 0.5 end
     from knowledge_note n
     where n.tenant_id = $1 and ${noteMatch} and ${SOURCE_FILTER('n', '$3')}
     order by 7 desc, n.created_at desc
     limit $4)
  )
  select type, id, title, source, score::float8 as score, text
  from hits order by score desc, created_at desc limit $4`;
}
const SUBSTRING_SQL = { everything: substringSql('everything'), names: substringSql('names') };

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
  const sources = search.sources?.length ? search.sources : null;
  if (plan.kind === 'fulltext') {
    const { rows } = await db.query<HitRow>(FULLTEXT_SQL, [
      tenantId,
      plan.anyTerms,
      plan.allTerms,
      sources,
      search.limit,
    ]);
    if (rows.length > 0) return rows.map((row) => toSearchResultDto(row, null));
  }
  const pattern = `%${escapeLike(plan.text)}%`;
  const sql = plan.text.length <= SUBSTRING_MAX_LENGTH ? SUBSTRING_SQL.names : SUBSTRING_SQL.everything;
  const { rows } = await db.query<HitRow>(sql, [tenantId, pattern, sources, search.limit]);
  return rows.map((row) => toSearchResultDto(row, plan.text));
}

/** The compact shape the assistant reads; `needle` centres the snippet on a substring match. */
function toSearchResultDto(row: HitRow, needle: string | null): KnowledgeSearchResult {
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
