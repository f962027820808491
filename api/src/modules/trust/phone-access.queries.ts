import { runScoped, tenantSql, userSql } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';

type Owner = { tenantId: string; userId: string };

const PHONE_ACCESS_SQL = userSql(`
  select numbers, passcode_hash is not null as passcode_set from phone_access
  where tenant_id = $1 and user_id = $2`);

const PASSWORD_HASH_SQL = tenantSql('select password_hash from app_user where tenant_id = $1 and id = $2');

// The row is the user's (keyed by user_id); an existing one is only updated within the same tenant.
const SAVE_PHONE_ACCESS_SQL = userSql(`
  insert into phone_access (user_id, tenant_id, numbers, passcode_hash)
  values ($2, $1, $3, $4)
  on conflict (user_id) do update set numbers = excluded.numbers,
    passcode_hash = coalesce(excluded.passcode_hash, phone_access.passcode_hash),
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
  returning passcode_hash`);

const GIVE_ATTEMPT_BACK_SQL = userSql(`
  update phone_access set failed_attempts = greatest(failed_attempts - 1, 0)
  where tenant_id = $1 and user_id = $2`);

/** The user's phone access row: numbers and whether a passcode is set; undefined when there is none. */
export async function readPhoneAccess(db: Queryable, owner: Owner) {
  const rows = await runScoped<{ numbers: string[]; passcode_set: boolean }>(db, owner, PHONE_ACCESS_SQL);
  return rows[0];
}

/** The user's password hash, to confirm it is them who changes the passcode. */
export async function passwordHashOf(db: Queryable, owner: Owner): Promise<string | undefined> {
  const rows = await runScoped<{ password_hash: string }>(db, owner, PASSWORD_HASH_SQL, [owner.userId]);
  return rows[0]?.password_hash;
}

/** Saves the numbers and, when given, a new passcode hash (which also clears the attempt counter). */
export async function savePhoneAccess(
  db: Queryable,
  owner: Owner,
  numbers: string[],
  passcodeHash: string | null,
): Promise<void> {
  await runScoped(db, owner, SAVE_PHONE_ACCESS_SQL, [numbers, passcodeHash]);
}

/**
 * Counts one passcode attempt, in one statement, and returns the stored hash to check it against;
 * undefined when there is no passcode or the user has reached `max` wrong ones within the window.
 */
export async function countPasscodeAttempt(
  db: Queryable,
  owner: Owner,
  window: { minutes: number; max: number },
): Promise<string | undefined> {
  const rows = await runScoped<{ passcode_hash: string }>(db, owner, COUNT_PASSCODE_ATTEMPT_SQL, [
    window.minutes,
    window.max,
  ]);
  return rows[0]?.passcode_hash;
}

/** A right passcode gives its attempt back. */
export async function giveAttemptBack(db: Queryable, owner: Owner): Promise<void> {
  await runScoped(db, owner, GIVE_ATTEMPT_BACK_SQL);
}
