import * as contract from '@annie/contracts/usage-routes';
import Router from '@koa/router';
import type { DomainDeps } from '../../../domain.ts';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoute } from '../../../http/define-route.ts';
import { latencyByDay } from './latency-by-day.service.ts';

/** GET /api/call-sessions/latency-by-day (admins): the Usage screen's latency chart. */
export function latencyByDayRoutes({ pool }: Pick<DomainDeps, 'pool'>): Router<AppState> {
  const router = new Router<AppState>();
  defineRoute(router, contract.getLatencyByDay, async (_ctx, { query, auth }) =>
    latencyByDay(pool, auth.tenantId, query),
  );
  return router;
}
