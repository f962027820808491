import { runScoped, tenantSql } from '../../../db/scoped-sql.ts';
import type { Queryable } from '../../../db/sql-text.ts';

export type CallSessionFacts = {
  userId: string;
  channel: 'twilio' | 'webrtc' | 'web';
  startedAt: Date;
  endedAt: Date | null;
};

const SESSION_FACTS_SQL = tenantSql(`
  select user_id as "userId", channel, started_at as "startedAt", ended_at as "endedAt"
  from call_session where tenant_id = $1 and id = $2`);

/** Who the session belongs to, its channel and times; undefined when the tenant has no such session. */
export async function callSessionFacts(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<CallSessionFacts | undefined> {
  const [row] = await runScoped<CallSessionFacts>(db, { tenantId }, SESSION_FACTS_SQL, [id]);
  return row;
}

// Only onto a session of the tenant; recording again replaces the figures.
const SAVE_FIGURES_SQL = tenantSql(`
  insert into call_session_figures (tenant_id, call_session_id, figures, cost_usd, twilio_call_sid, recorded_at)
  select $1, s.id, $3::jsonb, $4::numeric, $5::text, now() from call_session s where s.tenant_id = $1 and s.id = $2
  on conflict (call_session_id) do update set figures = excluded.figures, cost_usd = excluded.cost_usd,
    twilio_call_sid = excluded.twilio_call_sid, recorded_at = now()`);

// The figures of a call nothing measured: kept only when the call has none yet.
const SAVE_MISSING_FIGURES_SQL = tenantSql(`
  insert into call_session_figures (tenant_id, call_session_id, figures, cost_usd, twilio_call_sid, recorded_at)
  select $1, s.id, $3::jsonb, $4::numeric, $5::text, now() from call_session s where s.tenant_id = $1 and s.id = $2
  on conflict (call_session_id) do nothing
  returning call_session_id`);

/**
 * Stores a call's figures (JSON) and its cost in USD before Twilio's price; with `ifMissing` only when
 * the call has none (answers whether it stored them).
 */
export async function saveCallFiguresRow(
  db: Queryable,
  tenantId: string,
  row: { callSessionId: string; figuresJson: string; costUsd: number | null; twilioCallSid: string | null },
  ifMissing = false,
): Promise<boolean> {
  const statement = ifMissing ? SAVE_MISSING_FIGURES_SQL : SAVE_FIGURES_SQL;
  const rows = await runScoped(db, { tenantId }, statement, [
    row.callSessionId,
    row.figuresJson,
    row.costUsd,
    row.twilioCallSid,
  ]);
  return ifMissing ? rows.length > 0 : true;
}

// Twilio's price (negative, as Twilio writes it) becomes the figures' price, and the cost grows by it
// in the currency the figures were priced in (`$5` is the tenant's rate from USD).
const SET_TWILIO_PRICE_SQL = tenantSql(`
  update call_session_figures f set twilio_price_usd = $3::numeric,
    figures = jsonb_set(
      jsonb_set(f.figures, '{twilio}', coalesce(f.figures->'twilio', '{"minutes":0}'::jsonb)
        || jsonb_build_object('price', $4::numeric, 'priceUnit', $6::text)),
      '{cost}',
      case when f.figures->'cost' is null or f.figures->'cost' = 'null'::jsonb then 'null'::jsonb
        else jsonb_build_object('amount', round(((f.figures->'cost'->>'amount')::numeric + $3::numeric * $5::numeric), 6),
          'currency', f.figures->'cost'->'currency') end)
  where f.tenant_id = $1 and f.call_session_id = $2 and f.twilio_price_usd is null
  returning f.call_session_id`);

/** Applies Twilio's reported price once; false when it already was (or there are no figures). */
export async function setTwilioPriceRow(
  db: Queryable,
  tenantId: string,
  input: { callSessionId: string; priceUsd: number; reported: number; unit: string; usdRate: number },
): Promise<boolean> {
  const rows = await runScoped(db, { tenantId }, SET_TWILIO_PRICE_SQL, [
    input.callSessionId,
    input.priceUsd,
    input.reported,
    input.usdRate,
    input.unit,
  ]);
  return rows.length > 0;
}

// Phone calls whose figures wait for Twilio's price, over every tenant (a sweep, so not tenant-scoped);
// after a day Twilio has priced the call or never will.
const UNPRICED_SQL = `
  select f.tenant_id as "tenantId", f.call_session_id as "callSessionId", f.twilio_call_sid as "callSid"
  from call_session_figures f
  where f.twilio_call_sid is not null and f.twilio_price_usd is null
    and f.recorded_at > now() - interval '1 day'
  order by f.recorded_at limit $1`;

/** Phone calls still waiting for Twilio's price, oldest first. */
export async function unpricedPhoneCalls(
  db: Queryable,
  limit = 50,
): Promise<{ tenantId: string; callSessionId: string; callSid: string }[]> {
  const { rows } = await db.query<{ tenantId: string; callSessionId: string; callSid: string }>(
    UNPRICED_SQL,
    [limit],
  );
  return rows;
}
