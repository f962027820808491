import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { httpErrorOf } from '../../../test/http-error.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { AppConfig } from '../../config/env.ts';
import { createPool } from '../../db/pool.ts';
import { HttpError } from '../../lib/http-errors.ts';
import {
  type AttemptSource,
  accountKey,
  PasswordAttemptLimiter,
  type PasswordAttemptLimits,
  passwordAttemptLimiter,
} from './password-attempt-limiter.ts';

// The limiter on its own, against a database of its own: fast enough to run under a mutation test.
const database = await createTestDatabase();
const pool = createPool(database.url, { max: 4 });
afterAll(async () => {
  await pool.end();
  await database.drop();
});

const roomy: PasswordAttemptLimits = { perUser: 100, perAccount: 100, perIp: 100, windowSeconds: 60 };
const limiter = (limits: Partial<PasswordAttemptLimits>) =>
  new PasswordAttemptLimiter(pool, { ...roomy, ...limits });

/** A username and an address no other test uses, so counters do not leak between tests. */
const fresh = () => randomBytes(6).toString('hex');
let lastOctet = 0;
const address = () => `198.51.${Math.floor(lastOctet / 250)}.${(lastOctet++ % 250) + 1}`;

/** The status of one attempt: 'ok' when taken, else the HTTP status of the refusal. */
async function attempt(limits: PasswordAttemptLimiter, username: string, source: AttemptSource) {
  try {
    await limits.consume(username, source);
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

async function attempts(count: number, run: () => Promise<unknown>): Promise<unknown[]> {
  const results: unknown[] = [];
  for (let index = 0; index < count; index += 1) results.push(await run());
  return results;
}

describe('PasswordAttemptLimiter.consume', () => {
  it('allows perUser attempts per account and address, then refuses with 429 and the window as Retry-After', async () => {
    const limits = limiter({ perUser: 3 });
    const username = fresh();
    const ip = address();
    expect(await attempts(3, () => attempt(limits, username, { ip }))).toEqual(['ok', 'ok', 'ok']);
    const error = await httpErrorOf(limits.consume(username, { ip }));
    expect(error.status).toBe(429);
    expect(error.headers['Retry-After']).toBe('60');
    // Another address for the same account, and the same address for another account, still have theirs.
    expect(await attempt(limits, username, { ip: address() })).toBe('ok');
    expect(await attempt(limits, fresh(), { ip })).toBe('ok');
  });

  it('counts an account by its username whatever its case and surrounding spaces', async () => {
    const limits = limiter({ perUser: 2 });
    const username = fresh();
    const ip = address();
    expect(await attempt(limits, ` ${username.toUpperCase()} `, { ip })).toBe('ok');
    expect(await attempt(limits, username, { ip })).toBe('ok');
    expect(await attempt(limits, `${username.toUpperCase()}`, { ip })).toBe(429);
    expect(accountKey('  Alice.Smith ')).toBe('alice.smith');
  });

  it('allows perAccount attempts per account whatever the address', async () => {
    const limits = limiter({ perAccount: 3 });
    const username = fresh();
    expect(await attempts(3, () => attempt(limits, username, { ip: address() }))).toEqual(['ok', 'ok', 'ok']);
    expect(await attempt(limits, username, { ip: address() })).toBe(429);
    expect(await attempt(limits, fresh(), { ip: address() })).toBe('ok');
  });

  it('allows perIp attempts per address across accounts, an IPv6 /64 counting as one address', async () => {
    const limits = limiter({ perIp: 3 });
    const prefix = `2001:db8:${(lastOctet++).toString(16)}:1`;
    const results = await attempts(3, () =>
      attempt(limits, fresh(), { ip: `${prefix}::${fresh().slice(0, 4)}` }),
    );
    expect(results).toEqual(['ok', 'ok', 'ok']);
    expect(await attempt(limits, fresh(), { ip: `${prefix}:ab::1` })).toBe(429);
    expect(await attempt(limits, fresh(), { ip: `2001:db8:${(lastOctet++).toString(16)}:2::1` })).toBe('ok');
  });

  it('counts a known device only against that device, with perUser attempts of its own', async () => {
    const limits = limiter({ perUser: 2, perAccount: 2 });
    const username = fresh();
    // Strangers spend the account's allowance …
    await attempts(2, () => attempt(limits, username, { ip: address() }));
    expect(await attempt(limits, username, { ip: address() })).toBe(429);
    // … while the owner's browser keeps its own, from the same address as a stranger or not.
    const ip = address();
    const device = { ip, knownDevice: fresh() };
    expect(await attempts(2, () => attempt(limits, username, device))).toEqual(['ok', 'ok']);
    expect(await attempt(limits, username, device)).toBe(429);
    // Another device of the account has its own count; the device's guesses took nothing from the address.
    expect(await attempt(limits, username, { ip, knownDevice: fresh() })).toBe('ok');
    expect(await attempts(2, () => attempt(limits, fresh(), { ip }))).toEqual(['ok', 'ok']);
  });

  it('answers with the longest wait of the counters that refused', async () => {
    const limits = limiter({ perUser: 2, perIp: 3, windowSeconds: 6 });
    const ip = address();
    // The address is spent first, so its counter ends before the account+address one spent later.
    await attempts(3, () => attempt(limits, fresh(), { ip }));
    expect((await httpErrorOf(limits.consume(fresh(), { ip }))).headers['Retry-After']).toBe('6');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const username = fresh();
    // The account+address counter takes these two; the spent address refuses both.
    await attempts(2, () => attempt(limits, username, { ip }));
    const both = await httpErrorOf(limits.consume(username, { ip }));
    expect(both.headers['Retry-After']).toBe('6');
    const addressOnly = Number((await httpErrorOf(limits.consume(fresh(), { ip }))).headers['Retry-After']);
    expect(addressOnly).toBeGreaterThanOrEqual(1);
    expect(addressOnly).toBeLessThanOrEqual(4);
  });

  it('passes a failure of the store on instead of answering 429', async () => {
    const empty = await createTestDatabase({ empty: true });
    const emptyPool = createPool(empty.url, { max: 2 });
    try {
      const limits = new PasswordAttemptLimiter(emptyPool, roomy);
      const error = await limits.consume(fresh(), { ip: address() }).catch((reason: unknown) => reason);
      expect(error).not.toBeInstanceOf(HttpError);
      expect(String(error)).toMatch(/login_rate_limit/);
    } finally {
      await emptyPool.end();
      await empty.drop();
    }
  });

  it('keeps the counters under their old key prefixes, so counts survive an upgrade', async () => {
    const limits = limiter({});
    const username = fresh();
    const ip = address();
    await limits.consume(username, { ip });
    await limits.consume(username, { ip, knownDevice: 'dev1' });
    const { rows } = await pool.query<{ key: string; points: number }>(
      'select key, points from login_rate_limit where key like $1 or key = $2 order by key',
      [`%${username}%`, `login_ip:${ip}`],
    );
    expect(rows).toEqual([
      { key: `login_device:${username}|dev1`, points: 1 },
      { key: `login_ip:${ip}`, points: 1 },
      { key: `login_user:${username}`, points: 1 },
      { key: `login_user_ip:${username}|${ip}`, points: 1 },
    ]);
  });
});

describe('PasswordAttemptLimiter.succeeded', () => {
  it('clears the account+address count and gives one attempt back to the account and the address', async () => {
    const limits = limiter({ perUser: 3, perAccount: 6, perIp: 6 });
    const username = fresh();
    const ip = address();
    await attempts(2, () => limits.consume(username, { ip }));
    await limits.succeeded(await limits.consume(username, { ip }));
    // Three taken, one given back to the account and to the address, the account+address count gone …
    const { rows } = await pool.query<{ key: string; points: number }>(
      'select key, points from login_rate_limit where key = any($1) order by key',
      [[`login_ip:${ip}`, `login_user:${username}`, `login_user_ip:${username}|${ip}`]],
    );
    expect(rows).toEqual([
      { key: `login_ip:${ip}`, points: 2 },
      { key: `login_user:${username}`, points: 2 },
    ]);
    // … so the full three again for the account from this address.
    expect(await attempts(4, () => attempt(limits, username, { ip }))).toEqual(['ok', 'ok', 'ok', 429]);
  });

  it('clears only the device count for a known device', async () => {
    const limits = limiter({ perUser: 2 });
    const username = fresh();
    const ip = address();
    await limits.consume(username, { ip });
    const device = { ip, knownDevice: fresh() };
    await limits.consume(username, device);
    await limits.succeeded(await limits.consume(username, device));
    expect(await attempts(3, () => attempt(limits, username, device))).toEqual(['ok', 'ok', 429]);
    const { rows } = await pool.query<{ key: string; points: number }>(
      'select key, points from login_rate_limit where key = any($1) order by key',
      [[`login_user:${username}`, `login_user_ip:${username}|${ip}`]],
    );
    expect(rows).toEqual([
      { key: `login_user:${username}`, points: 1 },
      { key: `login_user_ip:${username}|${ip}`, points: 1 },
    ]);
  });
});

describe('PasswordAttemptLimiter.check', () => {
  it('takes the attempt before verifying, gives it back only for a right password, and never verifies when refused', async () => {
    const limits = limiter({ perUser: 2 });
    const username = fresh();
    const source = { ip: address() };
    const wrong = vi.fn(async () => false);
    const right = vi.fn(async () => true);
    expect(await limits.check(username, source, wrong)).toBe(false);
    expect(await limits.check(username, source, right)).toBe(true);
    // The right password cleared the count: two more wrong ones are checked, the third is refused unchecked.
    expect(await limits.check(username, source, wrong)).toBe(false);
    expect(await limits.check(username, source, wrong)).toBe(false);
    expect(wrong).toHaveBeenCalledTimes(3);
    expect((await httpErrorOf(limits.check(username, source, right))).status).toBe(429);
    expect(right).toHaveBeenCalledTimes(1);
  });
});

describe('the limiter from the configuration', () => {
  const config = {
    LOGIN_MAX_ATTEMPTS_PER_USER: 2,
    LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: 3,
    LOGIN_MAX_ATTEMPTS_PER_IP: 4,
    LOGIN_WINDOW_SECONDS: 7,
  } as AppConfig;
  const limits = passwordAttemptLimiter(pool, config);

  it('takes the per account+address limit and the window from their settings', async () => {
    const username = fresh();
    const ip = address();
    expect(await attempts(3, () => attempt(limits, username, { ip }))).toEqual(['ok', 'ok', 429]);
    expect((await httpErrorOf(limits.consume(username, { ip }))).headers['Retry-After']).toBe('7');
  });

  it('takes the per account limit from its setting', async () => {
    const username = fresh();
    expect(await attempts(4, () => attempt(limits, username, { ip: address() }))).toEqual([
      'ok',
      'ok',
      'ok',
      429,
    ]);
  });

  it('takes the per address limit from its setting', async () => {
    const ip = address();
    expect(await attempts(5, () => attempt(limits, fresh(), { ip }))).toEqual(['ok', 'ok', 'ok', 'ok', 429]);
  });
});

describe('PasswordAttemptLimiter.purgeExpired', () => {
  it('removes the counters whose window has passed and keeps the others', async () => {
    const short = limiter({ windowSeconds: 1 });
    const old = fresh();
    await short.consume(old, { ip: address() });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const current = fresh();
    await limiter({}).consume(current, { ip: address() });
    expect(await PasswordAttemptLimiter.purgeExpired(pool)).toBeGreaterThanOrEqual(3);
    const { rows } = await pool.query<{ key: string }>(
      'select key from login_rate_limit where key like $1 or key like $2',
      [`%${old}%`, `%${current}%`],
    );
    expect(rows.map((row) => row.key.split('|')[0]).sort()).toEqual([
      `login_user:${current}`,
      `login_user_ip:${current}`,
    ]);
  });
});
