import { runScoped, userSql } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';

type Owner = { tenantId: string; userId: string };

const PHONE_ACCESS_SQL = userSql(`
  select passcode_hash is not null as passcode_set, spoken_passcode from phone_access
  where tenant_id = $1 and user_id = $2`);

// The row is the user's (keyed by user_id); an existing one is only updated within the same tenant.
const SAVE_PHONE_ACCESS_SQL = userSql(`
  insert into phone_access (user_id, tenant_id, passcode_hash, spoken_passcode)
  values ($2, $1, $3, coalesce($4, false))
  on conflict (user_id) do update set
    passcode_hash = coalesce(excluded.passcode_hash, phone_access.passcode_hash),
    spoken_passcode = coalesce($4, phone_access.spoken_passcode),
    failed_attempts = case when excluded.passcode_hash is null then phone_access.failed_attempts else 0 end,
    window_started_at = case when excluded.passcode_hash is null then phone_access.window_started_at end,
    updated_at = now()
  where phone_access.tenant_id = $1 and phone_access.user_id = $2`);

const FRESH_WINDOW = `window_started_at is null or window_started_at < now() - make_interval(mins => $3)`;

const COUNT_PASSCODE_ATTEMPT_SQL = userSql(`
  update phone_access set
    failed_attempts = case when ${FRESH_WINDOW} then 1 else failed_attempts + 1 end,
    window_started_at = case when ${FRESH_WINDOW} then now() else window_started_at end
  where tenant_id = $1 and user_id = $2 and passcode_hash is not null
    and (${FRESH_WINDOW} or failed_attempts < $4)
  returning passcode_hash, failed_attempts`);

const GIVE_ATTEMPT_BACK_SQL = userSql(`
  update phone_access set failed_attempts = greatest(failed_attempts - 1, 0)
  where tenant_id = $1 and user_id = $2`);

/** The user's phone access row: whether a passcode is set and may be spoken; undefined when there is none. */
export async function readPhoneAccess(db: Queryable, owner: Owner) {
  const rows = await runScoped<{ passcode_set: boolean; spoken_passcode: boolean }>(
    db,
    owner,
    PHONE_ACCESS_SQL,
  );
  return rows[0];
}

/**
 * Saves a new passcode hash when given (which also clears the attempt counter) and the spoken-passcode
 * setting when given; creates the row when there is none.
 */
export async function savePhoneAccess(
  db: Queryable,
  owner: Owner,
  change: { passcodeHash: string | null; spokenPasscode: boolean | undefined },
): Promise<void> {
  await runScoped(db, owner, SAVE_PHONE_ACCESS_SQL, [change.passcodeHash, change.spokenPasscode ?? null]);
}

/**
 * Counts one passcode attempt, in one statement, and returns the stored hash to check it against and
 * the wrong attempts in the window so far (this one included); undefined when there is no passcode or
 * the user has reached `max` wrong ones within the window.
 */
export async function countPasscodeAttempt(
  db: Queryable,
  owner: Owner,
  window: { minutes: number; max: number },
): Promise<{ passcode_hash: string; failed_attempts: number } | undefined> {
  const rows = await runScoped<{ passcode_hash: string; failed_attempts: number }>(
    db,
    owner,
    COUNT_PASSCODE_ATTEMPT_SQL,
    [window.minutes, window.max],
  );
  return rows[0];
}

/** A right passcode gives its attempt back. */
export async function giveAttemptBack(db: Queryable, owner: Owner): Promise<void> {
  await runScoped(db, owner, GIVE_ATTEMPT_BACK_SQL);
}
