import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppConfig } from '../../config/env.ts';
import type { Pool } from '../../db/pool.ts';
import { tooManyRequests } from '../../lib/http-errors.ts';
import { clientAddressKey } from './client-address-key.ts';
import { purgeExpiredLimits } from './login-rate-limit.queries.ts';

export type PasswordAttemptLimits = {
  perUser: number;
  perAccount: number;
  perIp: number;
  windowSeconds: number;
};

/**
 * Where a guess comes from: the client address as the app determines it, and the id of a device cookie
 * this browser earned by signing in to the same account before (none for an unknown browser).
 */
export type AttemptSource = { ip: string; knownDevice?: string };

/** What `consume` took: given back (in part) by `succeeded` once the password proved right. */
export type PasswordAttempt = { account: string; source: AttemptSource };

/**
 * Counts checks of an account password — at sign-in and wherever a signed-in user confirms one — in
 * PostgreSQL, so the limits hold across restarts and API instances. Every check of one account shares
 * the same counters, whatever route it comes through: a stolen session guessing through a settings
 * page uses up the same allowance as a guesser at the login form.
 *
 * An unknown browser is counted per account+address, per account whatever the address (a guesser
 * spread over many addresses) and per address across accounts; an IPv6 address counts by its /64.
 * A browser with a device cookie for the account is counted only against that device: so strangers
 * exhausting the account's allowance do not lock the owner out of their usual browser, and a stolen
 * device cookie still buys only a few guesses.
 *
 * An attempt is taken atomically before the password is checked, so a burst of parallel guesses cannot
 * all reach argon2; a success gives its attempt back and clears the per-source counter.
 */
export class PasswordAttemptLimiter {
  readonly #byAccountAndIp: RateLimiterPostgres;
  readonly #byAccount: RateLimiterPostgres;
  readonly #byIp: RateLimiterPostgres;
  readonly #byDevice: RateLimiterPostgres;

  constructor(pool: Pool, limits: PasswordAttemptLimits) {
    const common = {
      storeClient: pool,
      storeType: 'pool',
      tableName: 'login_rate_limit',
      tableCreated: true,
      clearExpiredByTimeout: false,
      duration: limits.windowSeconds,
      blockDuration: limits.windowSeconds,
    };
    // The key prefixes predate the other password checks; kept so counters survive an upgrade.
    this.#byAccountAndIp = new RateLimiterPostgres({
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
    this.#byDevice = new RateLimiterPostgres({
      ...common,
      keyPrefix: 'login_device',
      points: limits.perUser,
    });
  }

  /** Takes one attempt from every counter that applies; throws 429 with Retry-After when any is spent. */
  async consume(username: string, source: AttemptSource): Promise<PasswordAttempt> {
    const account = accountKey(username);
    const address = clientAddressKey(source.ip);
    const taken = source.knownDevice
      ? [this.#byDevice.consume(`${account}|${source.knownDevice}`)]
      : [
          this.#byAccountAndIp.consume(`${account}|${address}`),
          this.#byAccount.consume(account),
          this.#byIp.consume(address),
        ];
    const results = await Promise.allSettled(taken);
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    if (refused.length === 0) return { account, source };
    const store = refused.find((reason) => !(reason instanceof RateLimiterRes));
    if (store) throw store;
    throw tooManyRequests(Math.max(...refused.map((state: RateLimiterRes) => retryAfter(state))));
  }

  /** The password was right: the attempt is given back, and this source's count for the account cleared. */
  async succeeded({ account, source }: PasswordAttempt): Promise<void> {
    if (source.knownDevice) {
      await this.#byDevice.delete(`${account}|${source.knownDevice}`);
      return;
    }
    const address = clientAddressKey(source.ip);
    await Promise.all([
      this.#byAccountAndIp.delete(`${account}|${address}`),
      this.#byAccount.reward(account, 1),
      this.#byIp.reward(address, 1),
    ]);
  }

  /**
   * Checks a password under the limits: the attempt is taken first (429 when spent, before `verify`
   * runs) and given back only when `verify` says the password is right. Nothing is reset otherwise.
   */
  async check(username: string, source: AttemptSource, verify: () => Promise<boolean>): Promise<boolean> {
    const attempt = await this.consume(username, source);
    if (!(await verify())) return false;
    await this.succeeded(attempt);
    return true;
  }

  /** Removes counters whose window has passed; run on a schedule. */
  static async purgeExpired(pool: Pool): Promise<number> {
    return purgeExpiredLimits(pool, Date.now());
  }
}

/** The limiter every password check uses, with the configured limits (instances share their counters). */
export function passwordAttemptLimiter(pool: Pool, config: AppConfig): PasswordAttemptLimiter {
  return new PasswordAttemptLimiter(pool, {
    perUser: config.LOGIN_MAX_ATTEMPTS_PER_USER,
    perAccount: config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT,
    perIp: config.LOGIN_MAX_ATTEMPTS_PER_IP,
    windowSeconds: config.LOGIN_WINDOW_SECONDS,
  });
}

/** Accounts are counted by their username as typed at sign-in, case and surrounding spaces aside. */
export function accountKey(username: string): string {
  return username.trim().toLowerCase();
}

function retryAfter(state: RateLimiterRes): number {
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}
