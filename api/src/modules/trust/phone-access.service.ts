import type { PhoneAccess, UpdatePhoneAccess } from '@annie/api-client/contracts/trust';
import type { CountryCode } from 'libphonenumber-js';
import type { Pool } from '../../db/pool.ts';
import { badRequest, forbidden } from '../../lib/http-errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { toE164 } from '../../lib/phone-number.ts';
import {
  countPasscodeAttempt,
  giveAttemptBack,
  passwordHashOf,
  readPhoneAccess,
  savePhoneAccess,
} from './phone-access.queries.ts';

/** Wrong passcodes one user may have within the window before checks stop (every call together). */
export const PASSCODE_ATTEMPTS_MAX = 5;
export const PASSCODE_WINDOW_MINUTES = 15;

export const PASSCODE_NEEDS_PASSWORD = 'Enter your account password to set or change the phone passcode';
export const WRONG_PASSWORD = 'The account password is wrong';

type Owner = { tenantId: string; userId: string };

/** The user's registered numbers and whether a passcode is set (never the passcode or its hash). */
export async function phoneAccessOf(pool: Pool, owner: Owner): Promise<PhoneAccess> {
  const row = await readPhoneAccess(pool, owner);
  return { numbers: row?.numbers ?? [], passcodeSet: row?.passcode_set ?? false };
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
    const passwordHash = await passwordHashOf(pool, owner);
    if (!passwordHash || !(await verifyPassword(passwordHash, input.currentPassword))) {
      throw forbidden(WRONG_PASSWORD);
    }
    passcodeHash = await hashPassword(input.passcode);
  }
  await savePhoneAccess(pool, owner, numbers, passcodeHash);
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
  const storedHash = await countPasscodeAttempt(pool, owner, {
    minutes: PASSCODE_WINDOW_MINUTES,
    max: PASSCODE_ATTEMPTS_MAX,
  });
  if (!storedHash) return 'locked';
  if (!(await verifyPassword(storedHash, passcode))) return 'wrong';
  await giveAttemptBack(pool, owner);
  return 'accepted';
}
