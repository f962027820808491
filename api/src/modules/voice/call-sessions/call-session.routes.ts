import { CALL_LOG_RANGE_MESSAGE, type CallLogPage } from '@annie/contracts/call-logs';
import * as contract from '@annie/contracts/calls-routes';
import Router from '@koa/router';
import type { ModuleDeps } from '../../../api-module.ts';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoutes, jsonText } from '../../../http/define-route.ts';
import { badRequest } from '../../../lib/http-errors.ts';
import { liveStream } from '../../../live/live-stream.ts';
import { budgetStatus, budgetStopNotice } from '../../usage/index.ts';
import { searchCallLogsJson } from './call-log.queries.ts';
import { callLogsCsv } from './call-log-csv.ts';
import { listCallSessionsJson } from './call-session.queries.ts';
import { endCallSession } from './call-session.service.ts';
import { callChannel } from './call-session-live.ts';
import { compareEngines } from './engine-comparison.service.ts';

/** The most calls one CSV export holds. */
const CALL_LOG_CSV_MAX = 5_000;

/**
 * /api/call-sessions (Call History), /api/call-logs (filtered, searched, sorted, with counts, and as CSV), its live events (the user's own calls only), POST /api/calls/:id/end
 * (a browser call or a typed call ends its session), GET /api/calls/readiness (the budget's hard stop,
 * said before Start) and, for admins, the two engines compared over the
 * tenant's measured calls.
 */
export function callSessionRoutes({
  pool,
  live,
  connections,
}: Pick<ModuleDeps, 'pool' | 'live' | 'connections'>) {
  const streamCallEvents = liveStream(live, [callChannel], connections, { userScoped: true });

  // Before any /api/call-sessions/:id route, so that "events" is never read as an id.

  return defineRoutes(new Router<AppState>(), contract, {
    callEvents: (ctx) => streamCallEvents(ctx, async () => {}),
    listCallSessions: async (_ctx, { query, auth }) => ({
      status: 200,
      body: jsonText(await listCallSessionsJson(pool, auth, query)),
    }),
    searchCallLogs: async (_ctx, { query, auth }) => {
      if (query.from && query.to && query.from > query.to) throw badRequest(CALL_LOG_RANGE_MESSAGE);
      return { status: 200, body: jsonText(await searchCallLogsJson(pool, auth, query)) };
    },
    exportCallLogsCsv: async (ctx, { query, auth }) => {
      if (query.from && query.to && query.from > query.to) throw badRequest(CALL_LOG_RANGE_MESSAGE);
      const page = JSON.parse(
        await searchCallLogsJson(pool, auth, { ...query, limit: CALL_LOG_CSV_MAX, offset: 0 }),
      ) as CallLogPage;
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set(
        'Content-Disposition',
        `attachment; filename="call-logs-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
      return { status: 200, body: callLogsCsv(page.sessions) };
    },
    getCallReadiness: async (_ctx, { auth }) => {
      const notice = budgetStopNotice(await budgetStatus(pool, auth.tenantId));
      return { status: 200, body: { callsPaused: notice !== null, notice } };
    },
    endCall: async (ctx, { params, auth: { tenantId, userId } }) => {
      const session = await endCallSession(ctx.state.em, { tenantId, userId, id: params.id });
      return {
        status: 200,
        body: { id: session.id, endedAt: (session.endedAt ?? new Date()).toISOString() },
      };
    },
    getEngineComparison: async (_ctx, { query, auth }) => ({
      status: 200,
      body: await compareEngines(pool, auth.tenantId, query),
    }),
  });
}
