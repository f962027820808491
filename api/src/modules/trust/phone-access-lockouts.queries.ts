import { runScoped, userSql } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';

type Owner = { tenantId: string; userId: string };

/** How many past lockouts the owner is shown. */
const LOCKOUTS_SHOWN = 20;

const RECORD_LOCKOUT_SQL = userSql(`
  insert into phone_lockout (tenant_id, user_id, caller_e164) values ($1, $2, $3)`);

const LOCKOUTS_SQL = userSql(`
  select id, caller_e164, locked_at, cleared_at from phone_lockout
  where tenant_id = $1 and user_id = $2 order by locked_at desc limit ${LOCKOUTS_SHOWN}`);

// Locked while the window of the wrong attempts that reached the limit is still running.
const LOCKED_UNTIL_SQL = userSql(`
  select window_started_at + make_interval(mins => $3) as locked_until from phone_access
  where tenant_id = $1 and user_id = $2 and failed_attempts >= $4
    and window_started_at > now() - make_interval(mins => $3)`);

const RESET_COUNTER_SQL = userSql(`
  update phone_access set failed_attempts = 0, window_started_at = null, updated_at = now()
  where tenant_id = $1 and user_id = $2`);

const CLEAR_LOCKOUTS_SQL = userSql(`
  update phone_lockout set cleared_at = now() where tenant_id = $1 and user_id = $2 and cleared_at is null`);

export type LockoutRow = { id: string; caller_e164: string; locked_at: Date; cleared_at: Date | null };

/** A wrong passcode from `callerE164` reached the user's limit: kept for the owner to see. */
export async function recordLockout(db: Queryable, owner: Owner, callerE164: string): Promise<void> {
  await runScoped(db, owner, RECORD_LOCKOUT_SQL, [callerE164]);
}

/** The user's latest lockouts, newest first. */
export async function lockoutsOf(db: Queryable, owner: Owner): Promise<LockoutRow[]> {
  return runScoped<LockoutRow>(db, owner, LOCKOUTS_SQL);
}

/** When the current lockout ends; undefined when the passcode may be tried. */
export async function lockedUntil(
  db: Queryable,
  owner: Owner,
  window: { minutes: number; max: number },
): Promise<Date | undefined> {
  const rows = await runScoped<{ locked_until: Date }>(db, owner, LOCKED_UNTIL_SQL, [
    window.minutes,
    window.max,
  ]);
  return rows[0]?.locked_until;
}

/** The signed-in owner lifts the lockout: the counter starts again and every lockout is marked cleared. */
export async function clearLockouts(db: Queryable, owner: Owner): Promise<void> {
  await runScoped(db, owner, RESET_COUNTER_SQL);
  await runScoped(db, owner, CLEAR_LOCKOUTS_SQL);
}
