import { runScoped, tenantSql } from '../../db/scoped-sql.ts';
import { factJsonSql, isoSql, noteJsonSql, type Queryable } from './knowledge-sql.ts';

/** A page of a list; without a limit, the whole list (the screen filters and counts it client-side). */
export type ListPage = { limit?: number; offset: number };

// The hot list paths: one plain query each, scoped by tenant, with PostgreSQL building the JSON array
// so no entity is hydrated and nothing is parsed and re-serialised in Node. The page is cut first and
// the JSON built only for its rows.
const LIST_FACTS_SQL = tenantSql(`
  select coalesce(json_agg(${factJsonSql('page')} order by page.created_at desc, page.id), '[]')::text as body
  from (
    select f.id, f.key, f.value_text, f.unit, f.version, f.source, f.shareable, f.created_at, f.approved_at
    from knowledge_fact f
    where f.tenant_id = $1
    order by f.created_at desc, f.id
    limit $2 offset $3
  ) page`);

const LIST_NOTES_SQL = tenantSql(`
  select coalesce(json_agg(${noteJsonSql('page')} order by page.created_at desc, page.id), '[]')::text as body
  from (
    select n.id, n.title, n.body, n.tags, n.source, n.shareable, n.created_at, n.updated_at
    from knowledge_note n
    where n.tenant_id = $1
    order by n.created_at desc, n.id
    limit $2 offset $3
  ) page`);

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
