import { plainSql, runPlain } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';

/** What a session row holds (the store's `SessionData`). */
export type SessionData = { userId?: string; tenantId?: string; [key: string]: unknown };

// Sessions are found by their secret cookie id (or a user's id), before any tenant is known.
const BY_SESSION = 'a session is found by its secret cookie id, before any tenant is known';

const READ_SQL = plainSql(
  BY_SESSION,
  `select data, extract(epoch from expires_at - now()) * 1000 as ms_left
   from http_session where id = $1 and expires_at > now()`,
);

const WRITE_SQL = plainSql(
  BY_SESSION,
  `insert into http_session (id, user_id, data, expires_at)
   values ($1, $2, $3, now() + make_interval(secs => $4))
   on conflict (id) do update set user_id = excluded.user_id, data = excluded.data, expires_at = excluded.expires_at`,
);

const DESTROY_SQL = plainSql(BY_SESSION, 'delete from http_session where id = $1');

const PURGE_SQL = plainSql(
  "a sweep over every tenant's expired sessions",
  'delete from http_session where expires_at <= now() returning id',
);

const END_USER_SESSIONS_SQL = plainSql(
  "by the user's id: every session of one account ends (password change, deletion)",
  'delete from http_session where user_id = $1',
);

const SESSION_USER_SQL = plainSql(
  "by the signed-in user's id, on every request: the session names the user, the row names the tenant",
  'select id, tenant_id, username, email, is_admin from app_user where id = $1 and deleted_at is null',
);

// The session ends at its `_expire` (idle or absolute lifetime, whichever comes first); the row
// outlives it a little in the store, so the row's own expiry would keep a stream open too long.
// `_expire` is on the app's clock and `expires_at` on the database's: each is compared with its own
// clock ($2 is the app's now, ms since the epoch), so a skew between the hosts moves no session's end.
const VALID_SESSIONS_SQL = plainSql(
  BY_SESSION,
  `select s.id, u.is_admin, session.ms_left
   from http_session s join app_user u on u.id = s.user_id and u.deleted_at is null
   cross join lateral (select least(extract(epoch from s.expires_at - now()) * 1000,
     case when jsonb_typeof(s.data->'_expire') = 'number'
       then (s.data->>'_expire')::float8 - $2::float8 else 'infinity'::float8 end)::float8 as ms_left) session
   where s.id = any($1) and session.ms_left > 0`,
);

export async function readSession(
  db: Queryable,
  id: string,
): Promise<{ data: SessionData; ms_left: number } | undefined> {
  return (await runPlain<{ data: SessionData; ms_left: number }>(db, READ_SQL, [id]))[0];
}

export async function writeSession(
  db: Queryable,
  id: string,
  data: SessionData,
  ttlMs: number,
): Promise<void> {
  await runPlain(db, WRITE_SQL, [id, data.userId ?? null, JSON.stringify(data), ttlMs / 1000]);
}

export async function destroySession(db: Queryable, id: string): Promise<void> {
  await runPlain(db, DESTROY_SQL, [id]);
}

/** Removes expired rows; the number removed. */
export async function purgeExpiredSessions(db: Queryable): Promise<number> {
  return (await runPlain(db, PURGE_SQL)).length;
}

export async function deleteSessionsOfUser(db: Queryable, userId: string): Promise<void> {
  await runPlain(db, END_USER_SESSIONS_SQL, [userId]);
}

export type SessionUserRow = {
  id: string;
  tenant_id: string;
  username: string;
  email: string | null;
  is_admin: boolean;
};

export async function sessionUserRow(db: Queryable, userId: string): Promise<SessionUserRow | undefined> {
  return (await runPlain<SessionUserRow>(db, SESSION_USER_SQL, [userId]))[0];
}

/** Of these sessions, the ones still valid (their user too), with whether the user is an admin and the ms left. */
export function validSessions(
  db: Queryable,
  sessionIds: string[],
  appNow = Date.now(),
): Promise<{ id: string; is_admin: boolean; ms_left: number }[]> {
  return runPlain<{ id: string; is_admin: boolean; ms_left: number }>(db, VALID_SESSIONS_SQL, [
    sessionIds,
    appNow,
  ]);
}
