import type { Pool } from '../../src/db/pool.ts';
import { ROW_SET_DIGEST } from './db-fingerprint.ts';

/** Every application table with a tenant_id column: what a tenant owns, found from the schema itself. */
export async function tenantOwnedTables(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `select c.table_name as name from information_schema.columns c
     join information_schema.tables t using (table_schema, table_name)
     where c.table_schema = 'public' and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
     order by 1`,
  );
  return rows.map((row) => row.name);
}

/**
 * A digest per table of one tenant's rows (every column), of its tenant row, and of the jobs queued for it;
 * compare two with `changedTables`. One statement, so a walk can take one around every request.
 */
export async function tenantFingerprint(
  pool: Pool,
  tables: string[],
  tenantId: string,
): Promise<Record<string, string>> {
  const digest = ROW_SET_DIGEST;
  const parts = [
    ...tables.map(
      (table) =>
        `select '${table}' as name, ${digest('r')} as digest from "${table}" r where r.tenant_id = $1`,
    ),
    `select 'tenant', ${digest('r')} from tenant r where r.id = $1`,
    // Only what a request could have queued: the queue's own bookkeeping (state, timers) is its business.
    `select 'pgboss.job', ${digest('r')} from (select id, name, data from pgboss.job
       where data->>'tenantId' = $1) r`,
  ];
  const { rows } = await pool.query<{ name: string; digest: string }>(parts.join(' union all '), [tenantId]);
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

/** The tables whose digest differs between two fingerprints. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

/** How many rows of the tenant each table holds. */
export async function tenantRowCounts(
  pool: Pool,
  tables: string[],
  tenantId: string,
): Promise<Record<string, number>> {
  const parts = tables.map(
    (table) => `select '${table}' as name, count(*)::int as count from "${table}" where tenant_id = $1`,
  );
  const { rows } = await pool.query<{ name: string; count: number }>(parts.join(' union all '), [tenantId]);
  return Object.fromEntries(rows.map((row) => [row.name, row.count]));
}

/** Tenants named in any tenant-owned row, or in the tenant table, other than the given ones. */
export async function strangerTenants(pool: Pool, tables: string[], known: string[]): Promise<string[]> {
  const parts = [
    'select id as tenant_id from tenant',
    ...tables.map((table) => `select tenant_id from "${table}"`),
  ];
  const { rows } = await pool.query<{ tenant_id: string }>(
    `select distinct tenant_id from (${parts.join(' union ')}) t where not (tenant_id = any($1)) order by 1`,
    [known],
  );
  return rows.map((row) => row.tenant_id);
}
