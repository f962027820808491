import type { KnowledgeSearchResult, KnowledgeSource } from '@annie/api-client/contracts/knowledge';
import { escapeLike, type Queryable } from './knowledge-sql.ts';
import { planSearch, SUBSTRING_MAX_LENGTH } from './search-terms.ts';

/** `shareableOnly`: only what the executive marked shareable (for answers sent without review). */
export type KnowledgeSearch = {
  q: string;
  sources?: KnowledgeSource[];
  limit: number;
  shareableOnly?: boolean;
};

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
const SOURCE_FILTER = (alias: string, param: string, shareableParam: string) =>
  `(${param}::text[] is null or ${alias}.source = any(${param})) and (not ${shareableParam}::boolean or ${alias}.shareable)`;

// Ranked full-text search over both tables. Every word is a prefix term; a hit matching all of them gets
// +1, then ts_rank (normalised to 0..1) orders within. Each side is cut to the limit before the union,
// and the note snippet (ts_headline re-reads the body) is built only for the rows returned. The
// tsqueries are written out in each branch (not shared through a CTE) so the planner sees their values
// and uses the (tenant_id, search) GIN indexes.
const ANY_TERMS = `to_tsquery('english', $2)`;
const ALL_TERMS = `to_tsquery('english', $3)`;
const FULLTEXT_SQL = `
  with hits as (
    (select 'fact' as type, f.id, f.key as title, f.source, f.created_at, ${FACT_TEXT} as text,
       (f.search @@ ${ALL_TERMS})::int + ts_rank(f.search, ${ANY_TERMS}, 32) as score
     from knowledge_fact f
     where f.tenant_id = $1 and f.search @@ ${ANY_TERMS} and ${SOURCE_FILTER('f', '$4', '$6')}
     order by score desc, f.created_at desc
     limit $5)
    union all
    (select 'note', n.id, n.title, n.source, n.created_at, n.body,
       (n.search @@ ${ALL_TERMS})::int + ts_rank(n.search, ${ANY_TERMS}, 32)
     from knowledge_note n
     where n.tenant_id = $1 and n.search @@ ${ANY_TERMS} and ${SOURCE_FILTER('n', '$4', '$6')}
     order by 7 desc, n.created_at desc
     limit $5)
  ),
  top as (select * from hits order by score desc, created_at desc limit $5)
  select top.type, top.id, top.title, top.source, round(top.score::numeric, 4)::float8 as score,
    case when top.type = 'note' then ts_headline('english', top.text, ${ANY_TERMS}, '${HEADLINE_OPTIONS}')
         else top.text end as text
  from top
  order by top.score desc, top.created_at desc`;

// Substring match of three or more characters: what the screen's own filter matches (facts on key or
// value text, notes on title, body or any tag), through the trigram indexes on the haystack functions.
// A key or title match scores highest, then a tag, then the rest.
const NOTE_TAGS = `array_to_string(n.tags, E'\\n')`;
const SUBSTRING_SQL = `
  with hits as (
    (select 'fact' as type, f.id, f.key as title, f.source, f.created_at, ${FACT_TEXT} as text,
       case when f.key ilike $2 then 1.0 else 0.5 end as score
     from knowledge_fact f
     where f.tenant_id = $1 and knowledge_fact_haystack(f.key, f.value_text) ilike $2
       and ${SOURCE_FILTER('f', '$3', '$5')}
     order by score desc, f.created_at desc
     limit $4)
    union all
    (select 'note', n.id, n.title, n.source, n.created_at, n.body,
       case when n.title ilike $2 then 1.0 when ${NOTE_TAGS} ilike $2 then 0.75 else 0.5 end
     from knowledge_note n
     where n.tenant_id = $1 and knowledge_note_haystack(n.title, n.body, n.tags) ilike $2
       and ${SOURCE_FILTER('n', '$3', '$5')}
     order by 7 desc, n.created_at desc
     limit $4)
  )
  select type, id, title, source, score::float8 as score, text
  from hits order by score desc, created_at desc limit $4`;

// One- or two-letter substrings have no trigrams, so they match the short name fields only (key; title
// and tags), through the lower-cased search_names column that an index-only scan reads. Only the
// winning rows are then read in full. A title match beats a tag match.
const NAMES_SQL = `
  with hits as (
    (select 'fact' as type, f.id, f.created_at, 1.0 as score
     from knowledge_fact f
     where f.tenant_id = $1 and f.search_names like lower($2) and ${SOURCE_FILTER('f', '$3', '$5')}
     order by f.created_at desc
     limit $4)
    union all
    (select 'note', n.id, n.created_at,
       case when split_part(n.search_names, E'\\n', 1) like lower($2) then 1.0 else 0.75 end
     from knowledge_note n
     where n.tenant_id = $1 and n.search_names like lower($2) and ${SOURCE_FILTER('n', '$3', '$5')}
     order by 4 desc, n.created_at desc
     limit $4)
  ),
  top as (select * from hits order by score desc, created_at desc limit $4)
  select top.type, top.id, coalesce(f.key, n.title) as title, coalesce(f.source, n.source) as source,
    top.score::float8 as score, coalesce(${FACT_TEXT}, n.body) as text
  from top
  left join knowledge_fact f on top.type = 'fact' and f.id = top.id and f.tenant_id = $1
  left join knowledge_note n on top.type = 'note' and n.id = top.id and n.tenant_id = $1
  order by top.score desc, top.created_at desc`;

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
      search.shareableOnly === true,
    ]);
    if (rows.length > 0) return rows.map((row) => toSearchResultDto(row, null));
  }
  const pattern = `%${escapeLike(plan.text)}%`;
  const sql = plan.text.length <= SUBSTRING_MAX_LENGTH ? NAMES_SQL : SUBSTRING_SQL;
  const { rows } = await db.query<HitRow>(sql, [
    tenantId,
    pattern,
    sources,
    search.limit,
    search.shareableOnly === true,
  ]);
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
