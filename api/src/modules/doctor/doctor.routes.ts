import * as contract from '@annie/contracts/doctor-routes';
import Router from '@koa/router';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Pool } from '../../db/pool.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoutes } from '../../http/define-route.ts';
import { tooManyRequests } from '../../lib/http-errors.ts';
import { type DoctorCache, reportForTenant } from './doctor-cache.ts';

/** GET /api/admin/doctor: what `npm run annie -- doctor` finds, cached, for the tenant's admins. */
export function doctorRoutes(cache: DoctorCache, pool: Pool): Router<AppState> {
  // Counted in PostgreSQL, so the limit holds across API instances (the login limiter's table, purged with it).
  const refreshes = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'login_rate_limit',
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: 'doctor_refresh',
    points: contract.DOCTOR_REFRESHES.points,
    duration: contract.DOCTOR_REFRESHES.windowSeconds,
  });
  const takeRefresh = async (tenantId: string) => {
    try {
      await refreshes.consume(tenantId);
    } catch (error) {
      if (error instanceof RateLimiterRes)
        throw tooManyRequests(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      throw error;
    }
  };

  return defineRoutes(new Router<AppState>(), contract, {
    getDoctorReport: async (_ctx, { query, auth }) => {
      if (query.refresh) await takeRefresh(auth.tenantId);
      return { status: 200, body: reportForTenant(await cache.get(query.refresh), auth.tenantId) };
    },
  });
}
