import type { PhoneAccess, UpdatePhoneAccess } from '@annie/api-client/contracts/trust';
import type { CountryCode } from 'libphonenumber-js';
import type { Pool } from '../../db/pool.ts';
import { badRequest, forbidden } from '../../lib/http-errors.ts';
import { toE164 } from '../../lib/phone-number.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';

/** Wrong passcodes one user may have within the window before checks stop (every call together). */
export const PASSCODE_ATTEMPTS_MAX = 5;
export const PASSCODE_WINDOW_MINUTES = 15;

export const PASSCODE_NEEDS_PASSWORD = 'Enter your account password to set or change the phone passcode';
export const WRONG_PASSWORD = 'The account password is wrong';

type Owner = { tenantId: string; userId: string };

/** The user's registered numbers and whether a passcode is set (never the passcode or its hash). */
export async function phoneAccessOf(pool: Pool, owner: Owner): Promise<PhoneAccess> {
  const { rows } = await pool.query<{ numbers: string[]; passcode_set: boolean }>(
    `select numbers, passcode_hash is not null as passcode_set from phone_access
     where tenant_id = $1 and user_id = $2`,
    [owner.tenantId, owner.userId],
  );
  return { numbers: rows[0]?.numbers ?? [], passcodeSet: rows[0]?.passcode_set ?? false };
}

/**
 * Sets the user's own numbers and, with the account password, a new passcode (hashed like a password).
 * A new passcode also clears the attempt counter.
 */
export async function updatePhoneAccess(
  pool: Pool,
  owner: Owner,
  input: UpdatePhoneAccess,
  region: CountryCode,
): Promise<PhoneAccess> {
  const numbers = [
    ...new Set(
      input.numbers.map((text) => {
        const e164 = toE164(text, region);
        if (!e164) throw badRequest(`Not a valid phone number: ${text}`);
        return e164;
      }),
    ),
  ];
  let passcodeHash: string | null = null;
  if (input.passcode !== undefined) {
    if (!input.currentPassword) throw badRequest(PASSCODE_NEEDS_PASSWORD);
    const { rows } = await pool.query<{ password_hash: string }>(
      'select password_hash from app_user where tenant_id = $1 and id = $2',
      [owner.tenantId, owner.userId],
    );
    if (!rows[0] || !(await verifyPassword(rows[0].password_hash, input.currentPassword))) {
      throw forbidden(WRONG_PASSWORD);
    }
    passcodeHash = await hashPassword(input.passcode);
  }
  await pool.query(
    `insert into phone_access (user_id, tenant_id, numbers, passcode_hash)
     values ($2, $1, $3, $4)
     on conflict (user_id) do update set numbers = excluded.numbers,
       passcode_hash = coalesce(excluded.passcode_hash, phone_access.passcode_hash),
       failed_attempts = case when excluded.passcode_hash is null then phone_access.failed_attempts else 0 end,
       window_started_at = case when excluded.passcode_hash is null then phone_access.window_started_at end,
       updated_at = now()
     where phone_access.tenant_id = excluded.tenant_id`,
    [owner.tenantId, owner.userId, numbers, passcodeHash],
  );
  return phoneAccessOf(pool, owner);
}

export type PasscodeOutcome = 'accepted' | 'wrong' | 'locked';

/**
 * Checks a passcode keyed or said on the phone. The attempt is counted before the hash is checked, in
 * one statement, so parallel guesses cannot all be checked; a right passcode gives the attempt back.
 */
export async function checkPhonePasscode(
  pool: Pool,
  owner: Owner,
  passcode: string,
): Promise<PasscodeOutcome> {
  const fresh = `window_started_at is null or window_started_at < now() - make_interval(mins => $3)`;
  const { rows } = await pool.query<{ passcode_hash: string }>(
    `update phone_access set
       failed_attempts = case when ${fresh} then 1 else failed_attempts + 1 end,
       window_started_at = case when ${fresh} then now() else window_started_at end
     where tenant_id = $1 and user_id = $2 and passcode_hash is not null
       and (${fresh} or failed_attempts < $4)
     returning passcode_hash`,
    [owner.tenantId, owner.userId, PASSCODE_WINDOW_MINUTES, PASSCODE_ATTEMPTS_MAX],
  );
  const stored = rows[0];
  if (!stored) return 'locked';
  if (!(await verifyPassword(stored.passcode_hash, passcode))) return 'wrong';
  await pool.query(
    `update phone_access set failed_attempts = greatest(failed_attempts - 1, 0)
     where tenant_id = $1 and user_id = $2`,
    [owner.tenantId, owner.userId],
  );
  return 'accepted';
}
