import * as contract from '@annie/contracts/sms-routes';
import Router from '@koa/router';
import type { DomainDeps } from '../../domain.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { liveStream } from '../../live/live-stream.ts';
import { smsChannel } from './sms-live.ts';

/** GET /api/sms/events: the tenant's SMS changes as server-sent events. */
export function smsEventsRoutes({
  live,
  connections,
}: Pick<DomainDeps, 'live' | 'connections'>): Router<AppState> {
  const router = new Router<AppState>();
  const streamEvents = liveStream(live, [smsChannel], connections);

  defineRoute(router, contract.smsEvents, (ctx) => streamEvents(ctx, async () => {}));

  return router;
}
