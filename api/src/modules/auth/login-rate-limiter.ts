import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Pool } from '../../db/pool.ts';
import { tooManyRequests } from '../../lib/http-errors.ts';

export type LoginRateLimits = { perUser: number; perAccount: number; perIp: number; windowSeconds: number };

/** What `consume` took: given back (in part) by `succeeded` once the password proved right. */
export type LoginAttempt = { username: string; ip: string };

/**
 * Counts login attempts in PostgreSQL (so limits hold across restarts and processes), per
 * username+address, per username whatever the address (a guesser spread over many addresses), and per
 * address across usernames. An attempt is taken atomically before the password is checked, so a burst
 * of parallel guesses cannot all be checked; a success gives its attempt back and clears the
 * username+address counter.
 */
export class LoginRateLimiter {
  readonly #byUserAndIp: RateLimiterPostgres;
  readonly #byAccount: RateLimiterPostgres;
  readonly #byIp: RateLimiterPostgres;

  constructor(pool: Pool, limits: LoginRateLimits) {
    const common = {
      storeClient: pool,
      storeType: 'pool',
      tableName: 'login_rate_limit',
      tableCreated: true,
      clearExpiredByTimeout: false,
      duration: limits.windowSeconds,
      blockDuration: limits.windowSeconds,
    };
    this.#byUserAndIp = new RateLimiterPostgres({
      ...common,
      keyPrefix: 'login_user_ip',
      points: limits.perUser,
    });
    this.#byAccount = new RateLimiterPostgres({
      ...common,
      keyPrefix: 'login_user',
      points: limits.perAccount,
    });
    this.#byIp = new RateLimiterPostgres({ ...common, keyPrefix: 'login_ip', points: limits.perIp });
  }

  /** Takes one attempt from every counter; throws 429 with Retry-After when any is exhausted. */
  async consume(username: string, ip: string): Promise<LoginAttempt> {
    const account = accountKey(username);
    const results = await Promise.allSettled([
      this.#byUserAndIp.consume(`${account}|${ip}`),
      this.#byAccount.consume(account),
      this.#byIp.consume(ip),
    ]);
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    if (refused.length === 0) return { username, ip };
    const store = refused.find((reason) => !(reason instanceof RateLimiterRes));
    if (store) throw store;
    throw tooManyRequests(Math.max(...refused.map((state: RateLimiterRes) => retryAfter(state))));
  }

  /** The password was right: the attempt is given back, and this address's count for the user cleared. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    const account = accountKey(attempt.username);
    await Promise.all([
      this.#byUserAndIp.delete(`${account}|${attempt.ip}`),
      this.#byAccount.reward(account, 1),
      this.#byIp.reward(attempt.ip, 1),
    ]);
  }

  /** Removes counters whose window has passed; run on a schedule. */
  static async purgeExpired(pool: Pool): Promise<number> {
    const result = await pool.query('delete from login_rate_limit where expire is not null and expire < $1', [
      Date.now(),
    ]);
    return result.rowCount ?? 0;
  }
}

function accountKey(username: string): string {
  return username.trim().toLowerCase();
}

function retryAfter(state: RateLimiterRes): number {
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}
