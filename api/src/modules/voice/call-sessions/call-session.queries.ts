import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ormQueryable,
  plainSql,
  runPlain,
  runScoped,
  type SqlScope,
  tenantSql,
  userSql,
} from '../../../db/scoped-sql.ts';
import type { Queryable } from '../../../db/sql-text.ts';
import { isoSql } from '../../../db/sql-text.ts';

// One plain query per page, scoped by tenant AND user: the page is cut first, then each session's
// transcript is its stored lines or, for a browser call linked to a voice conversation, that
// conversation's messages (a correlated subquery on the page's rows only; no query per row from Node).
const LIST_CALL_SESSIONS_SQL = userSql(`
  select coalesce(json_agg(json_build_object(
    'id', page.id, 'channel', page.channel, 'direction', page.direction,
    'startedAt', ${isoSql('page.started_at')}, 'endedAt', ${isoSql('page.ended_at')},
    'callerId', page.caller_id, 'purpose', page.purpose,
    'contactName', (select c.name from contact c where c.tenant_id = $1 and c.phone_primary = page.caller_id),
    'figures', (select f.figures from call_session_figures f where f.call_session_id = page.id and f.tenant_id = $1),
    'transcript', case when page.conversation_id is null then page.transcript::json else (
      select coalesce(json_agg(json_build_object(
        'role', m.role, 'content', m.content, 'timestamp', ${isoSql('m.timestamp')}
      ) order by m.timestamp, m.id), '[]'::json)
      from voice_conversation_message m
      where m.conversation_id = page.conversation_id and m.tenant_id = $1
    ) end
  ) order by page.started_at desc, page.id desc), '[]')::text as body
  from (
    select s.id, s.channel, s.direction, s.started_at, s.ended_at, s.caller_id, s.purpose, s.transcript,
      s.conversation_id
    from call_session s
    where s.tenant_id = $1 and s.user_id = $2
      and ($4::uuid is null or (s.started_at, s.id) < (
        select b.started_at, b.id from call_session b where b.id = $4 and b.tenant_id = $1 and b.user_id = $2
      ))
    order by s.started_at desc, s.id desc
    limit $3
  ) page`);

/** A page of the call history: at most `limit` sessions started before session `before` (if given). */
export type CallSessionPage = { limit: number; before?: string };

/** JSON text of the user's call sessions, newest first (an unknown `before` gives an empty page). */
export async function listCallSessionsJson(
  db: Queryable,
  owner: { tenantId: string; userId: string },
  page: CallSessionPage,
): Promise<string> {
  const rows = await runScoped<{ body: string }>(db, owner, LIST_CALL_SESSIONS_SQL, [
    page.limit,
    page.before ?? null,
  ]);
  return rows[0]?.body ?? '[]';
}

/** What a new call session is written with (the scope gives its tenant and owner). */
export type NewCallSessionRow = {
  id: string;
  channel: string;
  direction: string | null;
  callerId: string | null;
  providerCallId: string | null;
  purpose: string | null;
  startedAt: Date;
  /** The voice engine the call runs on and the profile that chose it, when known at the start. */
  engine: 'realtime' | 'live' | null;
  profileId: string | null;
};

// A retried webhook or a second offer with a provider call id the tenant already has inserts nothing.
const INSERT_CALL_SESSION_SQL = userSql(`
  insert into call_session
    (tenant_id, user_id, id, channel, direction, caller_id, provider_call_id, purpose, started_at, transcript,
     engine, profile_id)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, '[]'::jsonb, $10, $11::uuid)
  on conflict (tenant_id, provider_call_id) where provider_call_id is not null do nothing
  returning id`);

/** Inserts the session; false when the tenant already has one with this provider call id. */
export async function insertCallSession(
  em: EntityManager,
  owner: { tenantId: string; userId: string },
  row: NewCallSessionRow,
): Promise<boolean> {
  const rows = await runScoped(ormQueryable(em), owner, INSERT_CALL_SESSION_SQL, [
    row.id,
    row.channel,
    row.direction,
    row.callerId,
    row.providerCallId,
    row.purpose,
    row.startedAt,
    row.engine,
    row.profileId,
  ]);
  return rows.length > 0;
}

// The first end sets ended_at (never before the start); an ended session is left as it is. Without a
// user in the scope any session of the tenant; with one, only that user's.
const END_IN_TENANT_SQL = tenantSql(`
  update call_session set ended_at = greatest($3::timestamptz, started_at)
  where tenant_id = $1 and id = $2 and ended_at is null`);
const END_OWN_SQL = userSql(`
  update call_session set ended_at = greatest($4::timestamptz, started_at)
  where tenant_id = $1 and user_id = $2 and id = $3 and ended_at is null`);

/** Ends the session `id` of the scope's tenant (with a user in the scope, only if it is theirs). */
export async function endCallSessionRow(
  em: EntityManager,
  scope: SqlScope,
  id: string,
  endedAt: Date,
): Promise<void> {
  const statement = scope.userId === undefined ? END_IN_TENANT_SQL : END_OWN_SQL;
  await runScoped(ormQueryable(em), scope, statement, [id, endedAt]);
}

// Appends atomically: concurrent appends all land, in commit order.
const APPEND_IN_TENANT_SQL = tenantSql(`
  update call_session set transcript = transcript || $3::jsonb
  where tenant_id = $1 and id = $2
  returning id`);
const APPEND_OWN_SQL = userSql(`
  update call_session set transcript = transcript || $4::jsonb
  where tenant_id = $1 and user_id = $2 and id = $3
  returning id`);

/** Appends the lines (a JSON array) to the session's transcript; false when there is no such session. */
export async function appendCallTranscriptRows(
  em: EntityManager,
  scope: SqlScope,
  id: string,
  entriesJson: string,
): Promise<boolean> {
  const statement = scope.userId === undefined ? APPEND_IN_TENANT_SQL : APPEND_OWN_SQL;
  const rows = await runScoped(ormQueryable(em), scope, statement, [id, entriesJson]);
  return rows.length > 0;
}

// Ends each such call when it was last heard from: its last transcript line or its conversation's last
// message, else its start. Phone calls are left to Twilio's status callbacks and their own sweep.
const END_ABANDONED_SQL = plainSql(
  'a sweep over every tenant: ends the browser and typed calls nobody ended',
  `
  update call_session s
  set ended_at = greatest(
    s.started_at,
    (select max((e->>'timestamp')::timestamptz) from jsonb_array_elements(s.transcript) e
      where e->>'timestamp' ~ '^\\d{4}-\\d{2}-\\d{2}T'),
    (select max(m.timestamp) from voice_conversation_message m where m.conversation_id = s.conversation_id))
  where s.ended_at is null and s.channel in ('webrtc', 'web')
    and s.started_at < now() - make_interval(secs => $1)
  returning s.id`,
);

/** Ends the browser and typed calls open longer than `afterSeconds`; answers their ids. */
export async function endAbandonedSessions(db: Queryable, afterSeconds: number): Promise<string[]> {
  return (await runPlain<{ id: string }>(db, END_ABANDONED_SQL, [afterSeconds])).map((row) => row.id);
}
