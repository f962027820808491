import type { Pool } from '../../src/db/pool.ts';

// Bookkeeping a refused request may legitimately touch: failed-login counters and sessions. Of the job
// queue only the jobs count: pg-boss stamps its own maintenance tables on a timer.
const IGNORED = new Set(['login_rate_limit', 'http_session', 'mikro_orm_migrations']);
const counts = (schema: string, name: string) => (schema === 'pgboss' ? name === 'job' : !IGNORED.has(name));

/**
 * A digest of a set of rows, whatever their order: how many, and the sum of a 64-bit hash of each row's
 * text. No sort and no concatenation, so tables holding large fuzzed values stay cheap to digest.
 */
export const ROW_SET_DIGEST = (alias: string) =>
  `count(*) || ':' || coalesce(sum(hashtextextended(${alias}::text, 0)::numeric), 0)`;

/** A digest of every application table's contents (and the job queue's), to prove nothing was stored. */
export async function databaseFingerprint(pool: Pool): Promise<string> {
  const { rows: tables } = await pool.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in ('public', 'pgboss') order by 1, 2`,
  );
  // One statement for all tables: the walk takes two around every refused fuzz body.
  const parts = tables
    .filter(({ schema, name }) => counts(schema, name))
    .map(
      ({ schema, name }) =>
        `select '${schema}.${name}' as name,
           ${ROW_SET_DIGEST('t')} as digest from "${schema}"."${name}" t`,
    );
  const { rows } = await pool.query<{ name: string; digest: string }>(parts.join(' union all '));
  return rows.map((row) => `${row.name}:${row.digest}`).join('\n');
}
