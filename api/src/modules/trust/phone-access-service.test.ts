import { randomBytes, randomUUID } from 'node:crypto';
import { PASSCODE_NEEDS_PASSWORD, WRONG_PASSWORD } from '@annie/contracts/trust';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { httpErrorOf } from '../../../test/http-error.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { createPool } from '../../db/pool.ts';
import type { SmsSending } from '../sms/index.ts';
import {
  checkPhonePasscode,
  clearPhoneLockout,
  PASSCODE_ATTEMPTS_MAX,
  PASSCODE_WINDOW_MINUTES,
  phoneAccessOf,
  updatePhoneAccess,
} from './phone-access.service.ts';

// The passcode and its lockout through the service's functions, on a database of its own (no app, no
// calls): fast enough to run under a mutation test. The calls themselves are in phone-access-passcode.test.ts.
const database = await createTestDatabase();
const pool = createPool(database.url, { max: 4 });
afterAll(async () => {
  await pool.end();
  await database.drop();
});

const tenantId = `t-${randomBytes(4).toString('hex')}`;
await pool.query('insert into tenant (id, name) values ($1, $1)', [tenantId]);

async function newOwner() {
  const userId = randomUUID();
  await pool.query('insert into app_user (id, tenant_id, username, password_hash) values ($1, $2, $3, $4)', [
    userId,
    tenantId,
    `u-${userId}`,
    'not-a-hash',
  ]);
  return { tenantId, userId };
}

// No texting configured: a new number is kept unconfirmed, its code not sent.
const sending = { sender: undefined, missing: ['TWILIO_ACCOUNT_SID'] } as unknown as SmsSending;
const rightPassword = async (password: string) => password === 'account-password';
const options = (checkPassword = vi.fn(rightPassword)) => ({ region: 'US' as const, sending, checkPassword });

async function withPasscode(passcode = '482913') {
  const owner = await newOwner();
  await updatePhoneAccess(
    pool,
    owner,
    { numbers: [], passcode, currentPassword: 'account-password' },
    options(),
  );
  return owner;
}

describe('checkPhonePasscode', () => {
  it('is locked for a user without a passcode', async () => {
    expect(await checkPhonePasscode(pool, await newOwner(), '000000', '+14155550100')).toBe('locked');
  });

  it('accepts the right passcode and gives its attempt back', async () => {
    const owner = await withPasscode();
    expect(await checkPhonePasscode(pool, owner, '111111', '+14155550100')).toBe('wrong');
    expect(await checkPhonePasscode(pool, owner, '482913', '+14155550100')).toBe('accepted');
    const { rows } = await pool.query('select failed_attempts from phone_access where user_id = $1', [
      owner.userId,
    ]);
    expect(rows[0].failed_attempts).toBe(1);
  });

  it(`answers wrong ${PASSCODE_ATTEMPTS_MAX} times, records one lockout at the last, then is locked even for the right one`, async () => {
    const owner = await withPasscode();
    const before = Date.now();
    for (let attempt = 1; attempt <= PASSCODE_ATTEMPTS_MAX; attempt += 1) {
      expect(await checkPhonePasscode(pool, owner, `00000${attempt}`, `+1415555010${attempt}`)).toBe('wrong');
      expect((await phoneAccessOf(pool, owner)).lockouts).toHaveLength(
        attempt === PASSCODE_ATTEMPTS_MAX ? 1 : 0,
      );
    }
    expect(await checkPhonePasscode(pool, owner, '482913', '+14155550109')).toBe('locked');
    const access = await phoneAccessOf(pool, owner);
    expect(access.lockouts).toEqual([
      {
        id: expect.any(String),
        callerE164: `+1415555010${PASSCODE_ATTEMPTS_MAX}`,
        lockedAt: expect.any(String),
        clearedAt: null,
      },
    ]);
    const lockedAt = Date.parse(access.lockouts[0]?.lockedAt ?? '');
    expect(lockedAt).toBeGreaterThanOrEqual(before - 5_000);
    const until = Date.parse(access.lockedUntil ?? '');
    expect(until - before).toBeGreaterThan(PASSCODE_WINDOW_MINUTES * 60_000 - 10_000);
    expect(until - before).toBeLessThanOrEqual(PASSCODE_WINDOW_MINUTES * 60_000 + 10_000);
  });
});

describe('clearPhoneLockout', () => {
  async function lockedOut() {
    const owner = await withPasscode();
    for (let attempt = 0; attempt < PASSCODE_ATTEMPTS_MAX; attempt += 1)
      await checkPhonePasscode(pool, owner, '000000', '+14155550111');
    return owner;
  }

  it('refuses a wrong account password and clears nothing', async () => {
    const owner = await lockedOut();
    const checkPassword = vi.fn(rightPassword);
    const error = await httpErrorOf(clearPhoneLockout(pool, owner, 'guess', checkPassword));
    expect([error.status, error.message]).toEqual([403, WRONG_PASSWORD]);
    expect(checkPassword).toHaveBeenCalledWith('guess');
    expect((await phoneAccessOf(pool, owner)).lockedUntil).not.toBeNull();
    expect(await checkPhonePasscode(pool, owner, '482913', '+14155550111')).toBe('locked');
  });

  it('with the account password lifts the lockout, marks it cleared, and restarts the count', async () => {
    const owner = await lockedOut();
    const access = await clearPhoneLockout(pool, owner, 'account-password', rightPassword);
    expect(access.lockedUntil).toBeNull();
    expect(access.lockouts).toHaveLength(1);
    expect(Date.parse(access.lockouts[0]?.clearedAt ?? '')).not.toBeNaN();
    for (let attempt = 1; attempt < PASSCODE_ATTEMPTS_MAX; attempt += 1)
      expect(await checkPhonePasscode(pool, owner, '000000', '+14155550111')).toBe('wrong');
    expect(await checkPhonePasscode(pool, owner, '482913', '+14155550111')).toBe('accepted');
  });
});

describe('updatePhoneAccess', () => {
  it('shows a user without phone access as having none', async () => {
    expect(await phoneAccessOf(pool, await newOwner())).toEqual({
      numbers: [],
      unverifiedNumbers: [],
      passcodeSet: false,
      spokenPasscode: false,
      lockedUntil: null,
      lockouts: [],
    });
  });

  it('keeps each number once, in E.164, unconfirmed until its code is entered', async () => {
    const owner = await newOwner();
    const access = await updatePhoneAccess(
      pool,
      owner,
      { numbers: ['(415) 555-0120', '+14155550120', '415 555 0121'] },
      options(),
    );
    expect(access.numbers.sort()).toEqual(['+14155550120', '+14155550121']);
    expect(access.unverifiedNumbers.sort()).toEqual(['+14155550120', '+14155550121']);
    // Once its code is entered it is no longer listed as unconfirmed.
    await pool.query('update phone_own_number set verified_at = now() where user_id = $1 and e164 = $2', [
      owner.userId,
      '+14155550120',
    ]);
    expect(await phoneAccessOf(pool, owner)).toMatchObject({ unverifiedNumbers: ['+14155550121'] });
    // A number left out of the next update is removed.
    const next = await updatePhoneAccess(pool, owner, { numbers: ['+14155550121'] }, options());
    expect(next.numbers).toEqual(['+14155550121']);
  });

  it('refuses a number that is not one, naming it', async () => {
    const error = await httpErrorOf(
      updatePhoneAccess(pool, await newOwner(), { numbers: ['12'] }, options()),
    );
    expect([error.status, error.message]).toEqual([400, 'Not a valid phone number: 12']);
  });

  it('asks for the account password to set a passcode or allow saying it, not to forbid saying it', async () => {
    const owner = await newOwner();
    for (const change of [{ passcode: '123456' }, { spokenPasscode: true }]) {
      const error = await httpErrorOf(updatePhoneAccess(pool, owner, { numbers: [], ...change }, options()));
      expect([error.status, error.message]).toEqual([400, PASSCODE_NEEDS_PASSWORD]);
    }
    const checkPassword = vi.fn(rightPassword);
    const access = await updatePhoneAccess(
      pool,
      owner,
      { numbers: [], spokenPasscode: false },
      options(checkPassword),
    );
    expect(access.spokenPasscode).toBe(false);
    expect(checkPassword).not.toHaveBeenCalled();
  });

  it('checks a password sent, even alone, and changes nothing when it is wrong', async () => {
    const owner = await newOwner();
    const checkPassword = vi.fn(rightPassword);
    const alone = await httpErrorOf(
      updatePhoneAccess(pool, owner, { numbers: [], currentPassword: 'guess-1' }, options(checkPassword)),
    );
    expect([alone.status, alone.message]).toEqual([403, WRONG_PASSWORD]);
    await httpErrorOf(
      updatePhoneAccess(
        pool,
        owner,
        { numbers: ['+14155550130'], passcode: '123456', spokenPasscode: true, currentPassword: 'guess-2' },
        options(checkPassword),
      ),
    );
    expect(checkPassword.mock.calls).toEqual([['guess-1'], ['guess-2']]);
    expect(await phoneAccessOf(pool, owner)).toMatchObject({
      numbers: [],
      passcodeSet: false,
      spokenPasscode: false,
    });
  });

  it('with the right password sets the passcode and the permission to say it, and a new passcode restarts the count', async () => {
    const owner = await withPasscode('111111');
    await checkPhonePasscode(pool, owner, '000000', '+14155550140');
    await checkPhonePasscode(pool, owner, '000000', '+14155550140');
    const access = await updatePhoneAccess(
      pool,
      owner,
      { numbers: [], passcode: '222222', spokenPasscode: true, currentPassword: 'account-password' },
      options(),
    );
    expect(access).toMatchObject({ passcodeSet: true, spokenPasscode: true });
    const { rows } = await pool.query('select failed_attempts from phone_access where user_id = $1', [
      owner.userId,
    ]);
    expect(rows[0].failed_attempts).toBe(0);
    expect(await checkPhonePasscode(pool, owner, '111111', '+14155550140')).toBe('wrong');
    expect(await checkPhonePasscode(pool, owner, '222222', '+14155550140')).toBe('accepted');
  });
});
