import type { CallFigures } from '@annie/contracts/usage';
import { runScoped, tenantSql } from '../../../db/scoped-sql.ts';
import type { Queryable } from '../../../db/sql-text.ts';

/** One measured call: its engine (stored; else GPT-Live when its figures carry `live`), figures and length. */
export type EngineCallRow = { engine: 'realtime' | 'live'; figures: CallFigures; seconds: number };

// Ended calls whose figures the server measured (a browser's own report is not comparable), of one
// voice profile when $4 names it. A call recorded before engines were stored has none: its figures say.
const ENGINE_CALLS_SQL = tenantSql(`
  select coalesce(s.engine,
           case when jsonb_typeof(f.figures -> 'live') = 'object' then 'live' else 'realtime' end) as engine,
         f.figures, extract(epoch from (s.ended_at - s.started_at))::float8 as seconds
    from call_session_figures f
    join call_session s on s.id = f.call_session_id and s.tenant_id = f.tenant_id
   where f.tenant_id = $1 and s.ended_at is not null and f.figures ->> 'source' = 'server'
     and s.started_at >= $2::date and s.started_at < $3::date + 1
     and ($4::uuid is null or s.profile_id = $4::uuid)`);

/**
 * The tenant's measured calls started from `from` to `to` (UTC dates, inclusive); with `profileId`,
 * only the calls that voice profile ran.
 */
export async function engineCalls(
  db: Queryable,
  tenantId: string,
  range: { from: string; to: string; profileId?: string | null },
): Promise<EngineCallRow[]> {
  return runScoped<EngineCallRow>(db, { tenantId }, ENGINE_CALLS_SQL, [
    range.from,
    range.to,
    range.profileId ?? null,
  ]);
}

// The first stream of a call writes its engine; a later one (a resumed call) reads it back unchanged.
const CLAIM_ENGINE_SQL = tenantSql(`
  update call_session set engine = coalesce(engine, $3), profile_id = coalesce(profile_id, $4::uuid)
   where tenant_id = $1 and id = $2
  returning engine`);

/**
 * The engine call session `callSessionId` runs on: `drawn` (and `profileId`) when none is stored yet,
 * otherwise the one its first stream stored. Null when there is no such session.
 */
export async function claimCallEngineRow(
  db: Queryable,
  tenantId: string,
  callSessionId: string,
  drawn: { engine: 'realtime' | 'live'; profileId: string | null },
): Promise<'realtime' | 'live' | null> {
  const rows = await runScoped<{ engine: 'realtime' | 'live' }>(db, { tenantId }, CLAIM_ENGINE_SQL, [
    callSessionId,
    drawn.engine,
    drawn.profileId,
  ]);
  return rows[0]?.engine ?? null;
}
