import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Pool } from '../../../db/pool.ts';
import { tooManyRequests } from '../../../lib/http-errors.ts';

/** Searches per user are counted over this window. */
const WINDOW_SECONDS = 60 * 60;

/**
 * Each web search is billed, so one user (or a script in their browser) may run only so many an hour.
 * Counted in PostgreSQL, so the limit holds across API instances (the login limiter's table, purged with it).
 */
export function webSearchLimit(pool: Pool, perHour: number): (userId: string) => Promise<void> {
  const searches = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'login_rate_limit',
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: 'web_search_user',
    points: perHour,
    duration: WINDOW_SECONDS,
  });
  return async (userId) => {
    try {
      await searches.consume(userId);
    } catch (error) {
      if (error instanceof RateLimiterRes)
        throw tooManyRequests(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      throw error;
    }
  };
}
