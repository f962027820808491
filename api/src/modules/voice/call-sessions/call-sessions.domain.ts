import type { Domain } from '../../../domain.ts';
import { createOpenAiTextGenerator } from '../../../providers/openai/openai-text.ts';
import { assistRoutes } from '../typed-calls/typed-call.routes.ts';
import { ABANDONED_CALL_SWEEP_MS, endAbandonedBrowserCalls } from './abandoned-calls.ts';
import { CallSessionSchema } from './call-session.entity.ts';
import { callRoutes } from './call-session.routes.ts';
import { Migration20261122040000_call_sessions } from './migrations/Migration20261122040000_call_sessions.ts';

/** Call sessions: every call with the assistant (phone, browser, simple page), Call History, and assist. */
export const callsDomain: Domain = {
  name: 'calls',
  entities: [CallSessionSchema],
  migrations: [
    { name: 'Migration20261122040000_call_sessions', class: Migration20261122040000_call_sessions },
  ],
  create: ({ pool, config, logger }) => {
    const generator = createOpenAiTextGenerator({
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_TEXT_BASE_URL ?? config.OPENAI_BASE_URL,
      model: config.OPENAI_TEXT_MODEL,
    });
    return {
      routers: [
        callRoutes({ pool }),
        assistRoutes({ pool, generator, realtimeModel: config.OPENAI_REALTIME_MODEL }),
      ],
      // Browser calls whose tab died before it could end them leave Call History's "Ongoing" in time.
      start: async () => {
        const sweep = setInterval(() => {
          endAbandonedBrowserCalls(pool).catch((error: Error) =>
            logger.warn({ err: error }, 'abandoned browser call sweep failed'),
          );
        }, ABANDONED_CALL_SWEEP_MS);
        sweep.unref();
        return async () => clearInterval(sweep);
      },
    };
  },
};
