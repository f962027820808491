import {
  PASSCODE_NEEDS_PASSWORD,
  type PhoneAccess,
  type UpdatePhoneAccess,
  WRONG_PASSWORD,
} from '@annie/contracts/trust';
import type { CountryCode } from 'libphonenumber-js';
import type { Pool } from '../../db/pool.ts';
import { badRequest, forbidden } from '../../lib/http-errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { toE164 } from '../../lib/phone-number.ts';
import type { AccountPasswordCheck } from '../auth/index.ts';
import type { SmsSending } from '../sms/index.ts';
import {
  countPasscodeAttempt,
  giveAttemptBack,
  readPhoneAccess,
  savePhoneAccess,
} from './phone-access.queries.ts';
import { clearLockouts, lockedUntil, lockoutsOf, recordLockout } from './phone-access-lockouts.queries.ts';
import { ownNumbersOf, removeOtherNumbers } from './phone-access-numbers.queries.ts';
import { claimNewNumbers } from './phone-access-numbers.ts';

/** Wrong passcodes one user may have within the window before checks stop (every call together). */
export const PASSCODE_ATTEMPTS_MAX = 5;
export const PASSCODE_WINDOW_MINUTES = 15;
const PASSCODE_WINDOW = { minutes: PASSCODE_WINDOW_MINUTES, max: PASSCODE_ATTEMPTS_MAX };

type Owner = { tenantId: string; userId: string };

/** The user's numbers, passcode settings and lockouts (never the passcode or its hash). */
export async function phoneAccessOf(pool: Pool, owner: Owner): Promise<PhoneAccess> {
  const row = await readPhoneAccess(pool, owner);
  const numbers = await ownNumbersOf(pool, owner);
  const until = await lockedUntil(pool, owner, PASSCODE_WINDOW);
  const lockouts = await lockoutsOf(pool, owner);
  return {
    numbers: numbers.map((number) => number.e164),
    unverifiedNumbers: numbers.filter((number) => !number.verified).map((number) => number.e164),
    passcodeSet: row?.passcode_set ?? false,
    spokenPasscode: row?.spoken_passcode ?? false,
    lockedUntil: until ? until.toISOString() : null,
    lockouts: lockouts.map((lockout) => ({
      id: lockout.id,
      callerE164: lockout.caller_e164,
      lockedAt: lockout.locked_at.toISOString(),
      clearedAt: lockout.cleared_at?.toISOString() ?? null,
    })),
  };
}

/** The owner lifts the passcode lockout, proven by the account password (it restarts the passcode count). */
export async function clearPhoneLockout(
  pool: Pool,
  owner: Owner,
  currentPassword: string,
  checkPassword: AccountPasswordCheck,
): Promise<PhoneAccess> {
  if (!(await checkPassword(currentPassword))) throw forbidden(WRONG_PASSWORD);
  await clearLockouts(pool, owner);
  return phoneAccessOf(pool, owner);
}

/**
 * Sets the user's own numbers (a new one is texted a code and counts once it is entered) and, with the
 * account password, a new passcode (hashed like a password, which also clears the attempt counter) or
 * permission to say it.
 */
export async function updatePhoneAccess(
  pool: Pool,
  owner: Owner,
  input: UpdatePhoneAccess,
  options: { region: CountryCode; sending: SmsSending; checkPassword: AccountPasswordCheck },
): Promise<PhoneAccess> {
  const numbers = [
    ...new Set(
      input.numbers.map((text) => {
        const e164 = toE164(text, options.region);
        if (!e164) throw badRequest(`Not a valid phone number: ${text}`);
        return e164;
      }),
    ),
  ];
  const changesPasscode = input.passcode !== undefined || input.spokenPasscode === true;
  if (changesPasscode && !input.currentPassword) throw badRequest(PASSCODE_NEEDS_PASSWORD);
  // A password sent is always checked (and counted) before anything changes, whatever else the request
  // holds: a request carrying only a password must not be a free way to test guesses.
  if (input.currentPassword !== undefined && !(await options.checkPassword(input.currentPassword))) {
    throw forbidden(WRONG_PASSWORD);
  }
  const passcodeHash = input.passcode !== undefined ? await hashPassword(input.passcode) : null;
  await claimNewNumbers(pool, owner, numbers, options.sending);
  await removeOtherNumbers(pool, owner, numbers);
  await savePhoneAccess(pool, owner, { passcodeHash, spokenPasscode: input.spokenPasscode });
  return phoneAccessOf(pool, owner);
}

export type PasscodeOutcome = 'accepted' | 'wrong' | 'locked';

/**
 * Checks a passcode keyed or said on the phone from `callerE164`. The attempt is counted before the
 * hash is checked, in one statement, so parallel guesses cannot all be checked; a right passcode gives
 * the attempt back. The wrong one that reaches the limit is recorded for the owner to see and clear.
 */
export async function checkPhonePasscode(
  pool: Pool,
  owner: Owner,
  passcode: string,
  callerE164: string,
): Promise<PasscodeOutcome> {
  const counted = await countPasscodeAttempt(pool, owner, PASSCODE_WINDOW);
  if (!counted) return 'locked';
  if (!(await verifyPassword(counted.passcode_hash, passcode))) {
    if (counted.failed_attempts === PASSCODE_ATTEMPTS_MAX) await recordLockout(pool, owner, callerE164);
    return 'wrong';
  }
  await giveAttemptBack(pool, owner);
  return 'accepted';
}
