import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Pool } from '../../db/pool.ts';
import { tooManyRequests } from '../../lib/http-errors.ts';

export type LoginRateLimits = { perUser: number; perIp: number; windowSeconds: number };

/**
 * Counts failed logins per username+IP and per IP in PostgreSQL (so limits hold across restarts
 * and processes). Only failures consume points; a success clears the username+IP counter.
 */
export class LoginRateLimiter {
  readonly #byUserAndIp: RateLimiterPostgres;
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
    this.#byIp = new RateLimiterPostgres({ ...common, keyPrefix: 'login_ip', points: limits.perIp });
  }

  /** Throws 429 with Retry-After when either counter is exhausted. */
  async assertAllowed(username: string, ip: string): Promise<void> {
    const [userState, ipState] = await Promise.all([
      this.#byUserAndIp.get(userKey(username, ip)),
      this.#byIp.get(ip),
    ]);
    const blocked = [
      [userState, this.#byUserAndIp.points],
      [ipState, this.#byIp.points],
    ] as const;
    for (const [state, points] of blocked) {
      if (state && state.consumedPoints >= points) throw tooManyRequests(retryAfter(state));
    }
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    await Promise.all([this.#byUserAndIp.penalty(userKey(username, ip), 1), this.#byIp.penalty(ip, 1)]);
  }

  /** Removes counters whose window has passed; run on a schedule. */
  static async purgeExpired(pool: Pool): Promise<number> {
    const result = await pool.query('delete from login_rate_limit where expire is not null and expire < $1', [
      Date.now(),
    ]);
    return result.rowCount ?? 0;
  }

  async recordSuccess(username: string, ip: string): Promise<void> {
    await this.#byUserAndIp.delete(userKey(username, ip));
  }
}

function userKey(username: string, ip: string): string {
  return `${username.trim().toLowerCase()}|${ip}`;
}

function retryAfter(state: RateLimiterRes): number {
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}
