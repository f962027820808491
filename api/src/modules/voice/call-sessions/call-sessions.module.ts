import type { ApiModule } from '../../../api-module.ts';
import { defineSchedule } from '../../../jobs/define-schedule.ts';
import { ABANDONED_CALL_SWEEP_MS, endAbandonedBrowserCalls } from './abandoned-calls.ts';
import { CallSessionSchema } from './call-session.entity.ts';
import { callSessionRoutes } from './call-session.routes.ts';
import { latencyByDayRoutes } from './latency-by-day.routes.ts';
import { Migration20261122040000_call_sessions } from './migrations/Migration20261122040000_call_sessions.ts';
import { Migration20261127080100_call_figures } from './migrations/Migration20261127080100_call_figures.ts';
import { Migration20261129020000_call_session_events } from './migrations/Migration20261129020000_call_session_events.ts';
import { Migration20261129070000_call_session_engine } from './migrations/Migration20261129070000_call_session_engine.ts';

/** Call sessions: the saved record of every call (phone, browser, typed), read by Call History. */
export const callSessionsModule: ApiModule = {
  name: 'call-sessions',
  entities: [CallSessionSchema],
  migrations: [
    { name: 'Migration20261122040000_call_sessions', class: Migration20261122040000_call_sessions },
    { name: 'Migration20261127080100_call_figures', class: Migration20261127080100_call_figures },
    {
      name: 'Migration20261129020000_call_session_events',
      class: Migration20261129020000_call_session_events,
    },
    {
      name: 'Migration20261129070000_call_session_engine',
      class: Migration20261129070000_call_session_engine,
    },
  ],
  create: ({ pool, live, connections }) => ({
    routers: [callSessionRoutes({ pool, live, connections }), latencyByDayRoutes({ pool })],
    // Browser and typed calls whose tab died before it could end them leave Call History's "Ongoing" in time.
    schedules: [
      defineSchedule({
        name: 'abandoned-browser-calls',
        every: ABANDONED_CALL_SWEEP_MS,
        run: () => endAbandonedBrowserCalls(pool),
      }),
    ],
  }),
};
