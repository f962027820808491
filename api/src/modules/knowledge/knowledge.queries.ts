import type { KnowledgeSource } from '@annie/contracts/knowledge';
import { runScoped, tenantSql } from '../../db/scoped-sql.ts';
import { fieldsColumnsSql, fieldsJsonSql, type SqlFields } from '../../db/wire-fields.ts';
import { factFields, noteFields } from './knowledge.dto.ts';
import { escapeLike, isoSql, type Queryable } from './knowledge-sql.ts';

/** A page of a list; without a limit, the whole list (the screen filters and counts it client-side). */
export type ListPage = { limit?: number; offset: number };

/**
 * A hot list path: one plain query, scoped by tenant, with PostgreSQL building the JSON array so no
 * entity is hydrated and nothing is parsed and re-serialised in Node. The page of `table` is cut first
 * (reading the columns the field map reads) and the JSON built only for its rows, by the same map the
 * single answers use (`toDto`).
 */
export function listJsonSql(table: string, fields: SqlFields): string {
  return `
  select coalesce(json_agg(${fieldsJsonSql(fields, 'page')} order by page.created_at desc, page.id), '[]')::text as body
  from (
    select ${fieldsColumnsSql(fields, 'n')}
    from ${table} n
    where n.tenant_id = $1
    order by n.created_at desc, n.id
    limit $2 offset $3
  ) page`;
}

const LIST_FACTS_SQL = tenantSql(listJsonSql('knowledge_fact', factFields));

const LIST_NOTES_SQL = tenantSql(listJsonSql('knowledge_note', noteFields));

const FACT_VERSIONS_SQL = tenantSql(`
  select (
    select coalesce(json_agg(json_build_object(
      'id', v.id, 'factId', v.fact_id, 'key', f.key, 'version', v.version, 'value', v.value_text::json,
      'unit', v.unit, 'createdAt', ${isoSql('v.created_at')}, 'approvedAt', ${isoSql('v.approved_at')}
    ) order by v.version desc), '[]')
    from knowledge_fact_version v
    where v.fact_id = f.id and v.tenant_id = $1
  )::text as body
  from knowledge_fact f
  where f.tenant_id = $1 and f.key = $2`);

/** JSON text of the tenant's facts (latest version per key), newest first. */
export async function listFactsJson(db: Queryable, tenantId: string, page: ListPage): Promise<string> {
  const rows = await runScoped<{ body: string }>(db, { tenantId }, LIST_FACTS_SQL, [
    page.limit ?? null,
    page.offset,
  ]);
  return rows[0]?.body ?? '[]';
}

/** JSON text of the tenant's notes, newest first. */
export async function listNotesJson(db: Queryable, tenantId: string, page: ListPage): Promise<string> {
  const rows = await runScoped<{ body: string }>(db, { tenantId }, LIST_NOTES_SQL, [
    page.limit ?? null,
    page.offset,
  ]);
  return rows[0]?.body ?? '[]';
}

/** JSON text of every version of the tenant's fact with this key, newest first; null when there is none. */
export async function factVersionsJson(db: Queryable, tenantId: string, key: string): Promise<string | null> {
  const rows = await runScoped<{ body: string }>(db, { tenantId }, FACT_VERSIONS_SQL, [key]);
  return rows[0]?.body ?? null;
}

/** One search hit: a fact (its key as title, its value and unit as text) or a note. */
export type SearchHit = {
  type: 'fact' | 'note';
  id: string;
  title: string;
  source: KnowledgeSource;
  score: number;
  text: string;
};

/** What limits a search: the sources (null for all), the number of hits, and shareable rows only. */
export type HitFilter = { sources: KnowledgeSource[] | null; limit: number; shareableOnly: boolean };

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
const FULLTEXT_SQL = tenantSql(`
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
  order by top.score desc, top.created_at desc`);

// Substring match of three or more characters: what the screen's own filter matches (facts on key or
// value text, notes on title, body or any tag), through the trigram indexes on the haystack functions.
// A key or title match scores highest, then a tag, then the rest.
const NOTE_TAGS = `array_to_string(n.tags, E'\\n')`;
const SUBSTRING_SQL = tenantSql(`
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
  from hits order by score desc, created_at desc limit $4`);

// One- or two-letter substrings have no trigrams, so they match the short name fields only (key; title
// and tags), through the lower-cased search_names column that an index-only scan reads. Only the
// winning rows are then read in full. A title match beats a tag match.
const NAMES_SQL = tenantSql(`
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
  order by top.score desc, top.created_at desc`);

/** Ranked full-text hits for prefix tsqueries: any term matches, all terms rank higher. */
export async function fulltextHits(
  db: Queryable,
  tenantId: string,
  terms: { anyTerms: string; allTerms: string },
  filter: HitFilter,
): Promise<SearchHit[]> {
  return runScoped<SearchHit>(db, { tenantId }, FULLTEXT_SQL, [
    terms.anyTerms,
    terms.allTerms,
    filter.sources,
    filter.limit,
    filter.shareableOnly,
  ]);
}

/**
 * Hits containing `text` literally: the short name fields only when it is `namesOnly` (too short for
 * trigrams), otherwise everything the screen's own filter matches.
 */
export async function substringHits(
  db: Queryable,
  tenantId: string,
  text: string,
  namesOnly: boolean,
  filter: HitFilter,
): Promise<SearchHit[]> {
  return runScoped<SearchHit>(db, { tenantId }, namesOnly ? NAMES_SQL : SUBSTRING_SQL, [
    `%${escapeLike(text)}%`,
    filter.sources,
    filter.limit,
    filter.shareableOnly,
  ]);
}
