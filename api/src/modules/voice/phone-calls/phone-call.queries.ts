import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { plainSql, runPlain, runScoped, tenantSql } from '../../../db/scoped-sql.ts';
import type { Queryable } from '../../../db/sql-text.ts';
import { FINAL_STATUSES, type PhoneCallStatus, statusRankSql } from './phone-call-status.ts';

// What a signed-in user or a known tenant does to a call is tenant-scoped SQL. Twilio's webhooks and
// socket name only the call's id and find its tenant through the row, so their statements are plain.
const BY_CALL_ID = "by the call's id: Twilio's webhooks and media socket find the tenant through the row";

/** A phone call as this module keeps it (raw rows: webhooks and the media stream have no session). */
export type PhoneCallRow = {
  id: string;
  tenant_id: string;
  user_id: string;
  call_session_id: string | null;
  direction: 'inbound' | 'outbound';
  remote_e164: string;
  assistant_e164: string;
  purpose: string;
  twilio_call_sid: string | null;
  status: PhoneCallStatus;
  ended_at: Date | null;
  /** The voice profile the call was placed with; null: the tenant's default. */
  profile_id: string | null;
  /** How many times the call's stream was resumed (0: its first stream). */
  resumes: number;
  /** When the caller proved to be the owner (the passcode): a resumed stream starts from this, never from the caller. */
  owner_proven_at: Date | null;
};

export type NewPhoneCall = {
  tenantId: string;
  userId: string;
  direction: 'inbound' | 'outbound';
  remoteE164: string;
  assistantE164: string;
  purpose: string;
  twilioCallSid?: string;
  status: PhoneCallStatus;
  profileId?: string | null;
};

/** The single-use stream token given to Twilio (in the TwiML) and the hash this module keeps of it. */
export function newStreamToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** The token hashes to `stored` (compared in constant time). */
export function sameHash(stored: string, token: string): boolean {
  const given = hashToken(token);
  return stored.length === given.length && timingSafeEqual(Buffer.from(stored), Buffer.from(given));
}

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('base64url');

// A call nobody reported the end of (a lost callback, a crash, an inbound caller gone before the stream
// opened) must not hold the number forever: Twilio ends any call after 4 hours, and one whose stream has
// not opened 3 minutes on never will (Twilio stops ringing after 60 s).
const STALE = `(created_at < now() - interval '4 hours' or (stream_sid is null and created_at < now() - interval '3 minutes'))`;
const RELEASE_STALE_SQL = tenantSql(`
  update phone_call set ended_at = now(), stream_token_hash = null
  where tenant_id = $1 and remote_e164 = $2 and ended_at is null and ${STALE}`);

const INSERT_CALL_SQL = tenantSql(`
  insert into phone_call (tenant_id, id, user_id, direction, remote_e164, assistant_e164, purpose,
    twilio_call_sid, status, stream_token_hash, resume_token_hash, profile_id)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`);

const RENEW_TOKEN_SQL = tenantSql(`
  update phone_call set stream_token_hash = $3, resume_token_hash = $4
  where tenant_id = $1 and twilio_call_sid = $2 and stream_sid is null and ended_at is null
  returning id, call_session_id`);

const DELETE_CALL_SQL = tenantSql('delete from phone_call where tenant_id = $1 and id = $2');

const LINK_SESSION_SQL = tenantSql(
  'update phone_call set call_session_id = $3 where tenant_id = $1 and id = $2',
);

const COLUMNS = `id, tenant_id, user_id, call_session_id, direction, remote_e164, assistant_e164, purpose,
  twilio_call_sid, status, ended_at, profile_id, resumes, owner_proven_at`;

const FIND_BY_SESSION_SQL = tenantSql(
  `select ${COLUMNS} from phone_call where tenant_id = $1 and call_session_id = $2`,
);

const FIND_CALL_SQL = plainSql(BY_CALL_ID, `select ${COLUMNS} from phone_call where id = $1`);

const STREAM_MAY_OPEN_SQL = plainSql(
  BY_CALL_ID,
  'select 1 from phone_call where id = $1 and ended_at is null and stream_token_hash is not null',
);

const TOKEN_HASH_SQL = plainSql(
  BY_CALL_ID,
  'select stream_token_hash from phone_call where id = $1 and ended_at is null',
);

const SPEND_TOKEN_SQL = plainSql(
  BY_CALL_ID,
  `update phone_call set stream_token_hash = null, stream_sid = $4,
     twilio_call_sid = coalesce(twilio_call_sid, $3)
   where id = $1 and stream_token_hash = $2 and ended_at is null
     and (twilio_call_sid is null or twilio_call_sid = $3)
   returning ${COLUMNS}`,
);

const ADVANCE_STATUS_SQL = plainSql(
  BY_CALL_ID,
  `with current as (select id, ended_at from phone_call where id = $1 for update)
   update phone_call p set status = $2,
     twilio_call_sid = coalesce(p.twilio_call_sid, $4),
     answered_at = case when $2 = 'in-progress' then coalesce(p.answered_at, now()) else p.answered_at end,
     ended_at = case when $3 then coalesce(p.ended_at, now()) else p.ended_at end
   from current
   where p.id = current.id and ${statusRankSql('p.status')} < ${statusRankSql('$2::text')}
     and (p.twilio_call_sid is null or $4::text is null or p.twilio_call_sid = $4)
   returning ${COLUMNS.split(',')
     .map((column) => `p.${column.trim()}`)
     .join(', ')}, current.ended_at is null as was_open`,
);

const END_STALE_SQL = plainSql(
  'a sweep over every tenant: ends the calls nobody reported the end of',
  `update phone_call set ended_at = now(), stream_token_hash = null
   where ended_at is null and ${STALE}
   returning tenant_id, call_session_id`,
);

const END_CALL_SQL = plainSql(
  BY_CALL_ID,
  `update phone_call set ended_at = now(), stream_token_hash = null where id = $1 and ended_at is null
   returning id`,
);

const ASSIGN_USER_SQL = plainSql(
  BY_CALL_ID,
  'update phone_call set user_id = $2, owner_proven_at = coalesce(owner_proven_at, now()) where id = $1',
);

/**
 * Inserts the call under the number's guard: the partial unique index admits one open call per number
 * per tenant, so of two requests at once (on any instance) one gets the row and the other `duplicate`.
 */
export async function insertGuardedCall(
  db: Queryable,
  call: NewPhoneCall,
  tokenHash: string,
  resumeTokenHash: string,
): Promise<{ id: string } | 'duplicate' | 'known-sid'> {
  const scope = { tenantId: call.tenantId };
  await runScoped(db, scope, RELEASE_STALE_SQL, [call.remoteE164]);
  const id = randomUUID();
  try {
    await runScoped(db, scope, INSERT_CALL_SQL, [
      id,
      call.userId,
      call.direction,
      call.remoteE164,
      call.assistantE164,
      call.purpose,
      call.twilioCallSid ?? null,
      call.status,
      tokenHash,
      resumeTokenHash,
      call.profileId ?? null,
    ]);
    return { id };
  } catch (error) {
    const pg = error as { code?: string; constraint?: string };
    if (pg.code === '23505' && pg.constraint === 'phone_call_one_in_progress') return 'duplicate';
    if (pg.code === '23505' && pg.constraint === 'phone_call_twilio_call_sid_key') return 'known-sid';
    throw error;
  }
}

/**
 * A redelivered voice webhook for a call already answered: a fresh token for its stream, as long as
 * the stream has not opened. Undefined when it has (or the call ended): the redelivery gets nothing.
 */
export async function renewStreamToken(
  db: Queryable,
  tenantId: string,
  callSid: string,
  tokenHash: string,
  resumeTokenHash: string,
): Promise<{ id: string; call_session_id: string | null } | undefined> {
  const rows = await runScoped<{ id: string; call_session_id: string | null }>(
    db,
    { tenantId },
    RENEW_TOKEN_SQL,
    [callSid, tokenHash, resumeTokenHash],
  );
  return rows[0];
}

/** Forgets a row whose call session could not be created: nothing was placed, the number is free. */
export async function deletePhoneCall(db: Queryable, tenantId: string, id: string): Promise<void> {
  await runScoped(db, { tenantId }, DELETE_CALL_SQL, [id]);
}

export async function linkCallSession(
  db: Queryable,
  tenantId: string,
  id: string,
  callSessionId: string,
): Promise<void> {
  await runScoped(db, { tenantId }, LINK_SESSION_SQL, [id, callSessionId]);
}

/** The tenant's phone call recorded as call session `callSessionId` (what the app names a call by). */
export async function findCallOfSession(
  db: Queryable,
  tenantId: string,
  callSessionId: string,
): Promise<PhoneCallRow | undefined> {
  const rows = await runScoped<PhoneCallRow>(db, { tenantId }, FIND_BY_SESSION_SQL, [callSessionId]);
  return rows[0];
}

/** The call by id, whatever its tenant: not scoped, as webhooks and Twilio's socket find the tenant through it. */
export async function findPhoneCall(db: Queryable, id: string): Promise<PhoneCallRow | undefined> {
  const rows = await runPlain<PhoneCallRow>(db, FIND_CALL_SQL, [id]);
  return rows[0];
}

/** True while the call may still open its media stream (not ended, token not yet spent); by id only, for Twilio's socket. */
export async function streamMayOpen(db: Queryable, id: string): Promise<boolean> {
  return (await runPlain(db, STREAM_MAY_OPEN_SQL, [id])).length > 0;
}

/**
 * Spends the stream token: only the first `start` carrying it, for this call's CallSid, succeeds.
 * The comparison is on hashes, in constant time. By id only: the socket knows no tenant before this.
 */
export async function redeemStreamToken(
  db: Queryable,
  id: string,
  token: string,
  callSid: string,
  streamSid: string,
): Promise<PhoneCallRow | undefined> {
  const rows = await runPlain<{ stream_token_hash: string | null }>(db, TOKEN_HASH_SQL, [id]);
  const stored = rows[0]?.stream_token_hash;
  if (!stored || !sameHash(stored, token)) return undefined;
  const spent = await runPlain<PhoneCallRow>(db, SPEND_TOKEN_SQL, [id, stored, callSid, streamSid]);
  return spent[0];
}

/** What a status change did: whether it applied, and whether it is the one that ended the call. */
export type StatusChange = { applied: boolean; ended: boolean; row: PhoneCallRow | undefined };

/**
 * Moves the call forward to `status` (a redelivered or late status changes nothing). A final status
 * ends the call, which releases the number's guard; `sid` is recorded if the row has none yet, and a
 * status for another CallSid than the row's changes nothing. By id only: the status webhook names
 * just the call.
 */
export async function advanceStatus(
  db: Queryable,
  id: string,
  status: PhoneCallStatus,
  sid?: string,
): Promise<StatusChange> {
  const final = FINAL_STATUSES.includes(status);
  const rows = await runPlain<PhoneCallRow & { was_open: boolean }>(db, ADVANCE_STATUS_SQL, [
    id,
    status,
    final,
    sid ?? null,
  ]);
  const row = rows[0];
  if (!row) return { applied: false, ended: false, row: await findPhoneCall(db, id) };
  const { was_open: wasOpen, ...call } = row;
  return { applied: true, ended: final && wasOpen, row: call };
}

/**
 * Ends every stale call (any tenant: a sweep, so not scoped), returning those that had a call session
 * to end. Run periodically, so a lost callback still ends the session shown in Call History.
 */
export async function endStaleCalls(
  db: Queryable,
): Promise<{ tenant_id: string; call_session_id: string }[]> {
  const rows = await runPlain<{ tenant_id: string; call_session_id: string }>(db, END_STALE_SQL);
  return rows.filter((row) => row.call_session_id !== null);
}

/** Ends the call now (its media stream stopped), keeping its status; true if this ended it. By id only, for the socket. */
export async function endPhoneCall(db: Queryable, id: string): Promise<boolean> {
  return (await runPlain(db, END_CALL_SQL, [id])).length > 0;
}

/** The call is the proven owner's from now on (the passcode showed who is calling). By id only, for the socket. */
export async function assignPhoneCallUser(db: Queryable, id: string, userId: string): Promise<void> {
  await runPlain(db, ASSIGN_USER_SQL, [id, userId]);
}
