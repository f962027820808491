import { runScoped, tenantSql } from '../../../db/scoped-sql.ts';
import type { Queryable } from '../../../db/sql-text.ts';

/** One measured call: the UTC day it started and its per-turn latencies. */
export type DayLatencyRow = { date: string; latenciesMs: number[] };

// Ended calls whose figures the server measured, as the engine comparison reads them.
const DAY_LATENCIES_SQL = tenantSql(`
  select to_char(s.started_at at time zone 'UTC', 'YYYY-MM-DD') as date,
         coalesce(f.figures -> 'latenciesMs', '[]'::jsonb) as "latenciesMs"
    from call_session_figures f
    join call_session s on s.id = f.call_session_id and s.tenant_id = f.tenant_id
   where f.tenant_id = $1 and s.ended_at is not null and f.figures ->> 'source' = 'server'
     and s.started_at >= $2::date and s.started_at < $3::date + 1
   order by 1`);

/** The tenant's measured calls started from `from` to `to` (UTC dates, inclusive), oldest day first. */
export async function dayLatencies(
  db: Queryable,
  tenantId: string,
  range: { from: string; to: string },
): Promise<DayLatencyRow[]> {
  return runScoped<DayLatencyRow>(db, { tenantId }, DAY_LATENCIES_SQL, [range.from, range.to]);
}
