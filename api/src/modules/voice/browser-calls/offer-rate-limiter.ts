import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Pool } from '../../../db/pool.ts';
import { tooManyRequests } from '../../../lib/http-errors.ts';

/**
 * Browser calls each user may start per minute (REALTIME_OFFERS_PER_MINUTE): every offer starts a paid
 * OpenAI session, so a runaway page or script is stopped with 429 and Retry-After. Counted in PostgreSQL
 * so the limit holds across API instances; the counters share the login limiter's table (its rows expire
 * and the retention schedule purges them).
 */
export class OfferRateLimiter {
  readonly #perUser: RateLimiterPostgres;

  constructor(pool: Pool, perMinute: number) {
    this.#perUser = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'login_rate_limit',
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: 'realtime_offer',
      points: perMinute,
      duration: 60,
    });
  }

  /** Counts one offer by this user; throws 429 once the minute's allowance is spent. */
  async consume(tenantId: string, userId: string): Promise<void> {
    try {
      await this.#perUser.consume(`${tenantId}|${userId}`);
    } catch (error) {
      if (error instanceof RateLimiterRes)
        throw tooManyRequests(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      throw error;
    }
  }
}
