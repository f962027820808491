import { plainSql, runPlain } from '../../../db/scoped-sql.ts';
import type { Queryable } from '../../../db/sql-text.ts';
import type { MeasuredCall } from '../bridge/index.ts';
import { type PhoneCallRow, sameHash } from './phone-call.queries.ts';

// Twilio's <Connect action> webhook and the media socket name only the call's id and find its tenant
// through the row, so these statements are plain (as in phone-call.queries.ts).
const BY_CALL_ID = "by the call's id: Twilio's webhooks and media socket find the tenant through the row";

/** The most streams one call may be resumed into: a stream that keeps failing does not loop for ever. */
export const MAX_STREAM_RESUMES = 5;

const COLUMNS = `id, tenant_id, user_id, call_session_id, direction, remote_e164, assistant_e164, purpose,
  twilio_call_sid, status, ended_at, resumes, owner_proven_at`;

const RESUME_HASH_SQL = plainSql(
  BY_CALL_ID,
  'select resume_token_hash from phone_call where id = $1 and ended_at is null',
);

// Compare-and-set on the stored hash: of two requests with the same token (a replay), one resumes.
const RESUME_SQL = plainSql(
  BY_CALL_ID,
  `update phone_call set stream_token_hash = $3, resume_token_hash = $4, resumes = resumes + 1
   where id = $1 and resume_token_hash = $2 and ended_at is null and resumes < ${MAX_STREAM_RESUMES}
   returning ${COLUMNS}`,
);

const FORGET_RESUME_SQL = plainSql(
  BY_CALL_ID,
  'update phone_call set resume_token_hash = null where id = $1',
);

const SAVE_FIGURES_SQL = plainSql(
  BY_CALL_ID,
  'update phone_call set stream_figures = stream_figures || jsonb_build_object($2::text, $3::jsonb) where id = $1',
);

const FIGURES_SQL = plainSql(BY_CALL_ID, 'select stream_figures from phone_call where id = $1');

const STREAM_OF_SQL = plainSql(BY_CALL_ID, 'select stream_sid, ended_at from phone_call where id = $1');

/**
 * Spends the call's resume token (the one in the <Connect action> URL Twilio brought back) for new
 * stream and resume tokens: once per token, while the call is open and has resumes left. Undefined
 * otherwise (a spent, forged or forgotten token: the call ended on purpose).
 */
export async function resumeStream(
  db: Queryable,
  id: string,
  resumeToken: string,
  hashes: { stream: string; resume: string },
): Promise<PhoneCallRow | undefined> {
  const rows = await runPlain<{ resume_token_hash: string | null }>(db, RESUME_HASH_SQL, [id]);
  const stored = rows[0]?.resume_token_hash;
  if (!stored || !sameHash(stored, resumeToken)) return undefined;
  const resumed = await runPlain<PhoneCallRow>(db, RESUME_SQL, [id, stored, hashes.stream, hashes.resume]);
  return resumed[0];
}

/** The call is ending on purpose (goodbye, hang-up, a refusal): its stream is not to be resumed. */
export async function forgetResume(db: Queryable, id: string): Promise<void> {
  await runPlain(db, FORGET_RESUME_SQL, [id]);
}

/** Keeps what one stream of the call measured so far (a crash loses at most what came after). */
export async function saveStreamFigures(
  db: Queryable,
  id: string,
  streamSid: string,
  measured: MeasuredCall,
): Promise<void> {
  await runPlain(db, SAVE_FIGURES_SQL, [id, streamSid, JSON.stringify(measured)]);
}

/** What each of the call's streams measured, by stream. */
export async function streamFiguresOf(db: Queryable, id: string): Promise<Record<string, MeasuredCall>> {
  const rows = await runPlain<{ stream_figures: Record<string, MeasuredCall> }>(db, FIGURES_SQL, [id]);
  return rows[0]?.stream_figures ?? {};
}

/** The stream the call is on now, and whether it has ended. */
export async function currentStreamOf(
  db: Queryable,
  id: string,
): Promise<{ stream_sid: string | null; ended_at: Date | null } | undefined> {
  const rows = await runPlain<{ stream_sid: string | null; ended_at: Date | null }>(db, STREAM_OF_SQL, [id]);
  return rows[0];
}
