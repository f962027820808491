import * as phoneCallsRoutes from '@annie/contracts/phone-calls-routes';
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiModule } from '../../../api-module.ts';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoutes } from '../../../http/define-route.ts';
import { defineSchedule } from '../../../jobs/define-schedule.ts';
import { callEnginesFrom } from '../bridge/index.ts';
import { LiveMediaStreams } from './live-media-streams.ts';
import { newMediaStreamServer } from './media-stream-socket.ts';
import { Migration20261122040500_phone_calls } from './migrations/Migration20261122040500_phone_calls.ts';
import { Migration20261129020000_phone_call_resume } from './migrations/Migration20261129020000_phone_call_resume.ts';
import { Migration20261129020100_phone_call_profile } from './migrations/Migration20261129020100_phone_call_profile.ts';
import { phoneCallHandlers } from './phone-call.routes.ts';
import { sweepStaleCalls } from './phone-call.service.ts';
import { PRICE_SWEEP_MS, priceEndedCalls } from './phone-call-prices.ts';
import { callSessionRecorder } from './phone-call-sessions.ts';
import { partyPhoneTools } from './phone-call-tools.ts';
import { phoneCallingOf } from './phone-calling.ts';
import { phoneWebhookHandlers } from './phone-webhook.routes.ts';

/** How often the calls nobody reported the end of are looked for. */
export const STALE_SWEEP_MS = 60_000;

/**
 * Phone calls through Twilio: the assistant calls out (POST /api/annie/call/start) and answers the
 * tenants' numbers, speaking through the realtime bridge with the same profile as in the browser and
 * the tools the trust model gives the party on the line; every call is a call session with its
 * transcript.
 */
export const phoneCallsModule: ApiModule = {
  name: 'phone-calls',
  entities: [],
  migrations: [
    { name: 'Migration20261122040500_phone_calls', class: Migration20261122040500_phone_calls },
    { name: 'Migration20261129020000_phone_call_resume', class: Migration20261129020000_phone_call_resume },
    { name: 'Migration20261129020100_phone_call_profile', class: Migration20261129020100_phone_call_profile },
  ],
  create: ({ config, orm, pool, logger, live, lifecycle }) => {
    const calling = phoneCallingOf(config);
    const sessions = callSessionRecorder(orm, pool);
    const scopedEm = (tenantId: string): EntityManager => {
      const em = orm.em.fork();
      em.setFilterParams('tenant', { tenantId });
      return em;
    };
    const bridges = callEnginesFrom(config);
    const sockets = newMediaStreamServer();
    const streams = new LiveMediaStreams();
    lifecycle.countLive('phoneCalls', () => streams.count);
    const admission = { lifecycle, streams, maxCalls: config.MAX_CALLS_PER_INSTANCE };
    const deps = { pool, calling, sessions };
    const tools = partyPhoneTools({ config, orm, pool });
    const stream = { pool, scopedEm, bridges, calling, sessions, tools, logger, live };
    return {
      routers: [
        defineRoutes(new Router<AppState>(), phoneCallsRoutes, {
          ...phoneCallHandlers(deps, admission),
          ...phoneWebhookHandlers({ ...deps, stream, sockets, admission }),
        }),
      ],
      // A sweep a minute ends the calls nobody reported the end of; Twilio's prices of ended calls join
      // the usage ledger once Twilio has them.
      schedules: [
        defineSchedule({
          name: 'stale-phone-calls',
          every: STALE_SWEEP_MS,
          run: () => sweepStaleCalls(deps),
        }),
        defineSchedule({
          name: 'phone-call-prices',
          every: PRICE_SWEEP_MS,
          run: () => priceEndedCalls(pool, calling, logger),
        }),
      ],
      // At shutdown (SIGTERM: draining) the live calls go on for up to CALL_DRAIN_MS, then the assistant
      // ends those left politely; whatever remains is closed (a test app's stop closes at once).
      start: async () => async () => {
        if (lifecycle.draining) {
          logger.info({ calls: streams.count, drainMs: config.CALL_DRAIN_MS }, 'draining phone calls');
          logger.info(await streams.drain(config.CALL_DRAIN_MS), 'phone calls drained');
        }
        for (const client of sockets.clients) client.close(1001, 'Server shutting down');
        bridges?.closeAll();
      },
    };
  },
};
