import * as contract from '@annie/contracts/call-latency-routes';
import Router from '@koa/router';
import type { ModuleDeps } from '../../../api-module.ts';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoutes } from '../../../http/define-route.ts';
import { latencyByDay } from './latency-by-day.service.ts';

/** GET /api/call-sessions/latency-by-day (admins): the Usage screen's latency chart. */
export function latencyByDayRoutes({ pool }: Pick<ModuleDeps, 'pool'>) {
  return defineRoutes(new Router<AppState>(), contract, {
    getLatencyByDay: async (_ctx, { query, auth }) => ({
      status: 200,
      body: await latencyByDay(pool, auth.tenantId, query),
    }),
  });
}
