import type { Domain } from '../../../domain.ts';
import { createRealtimeCalls } from '../../../providers/openai/openai-realtime-calls.ts';
import { browserCallRoutes } from './browser-call.routes.ts';
import { OfferRateLimiter } from './offer-rate-limiter.ts';

/** Browser calls: the WebRTC signalling to OpenAI and the ICE servers the page uses. */
export const browserCallsDomain: Domain = {
  name: 'browser-calls',
  entities: [],
  migrations: [],
  create: (deps) => {
    const { config } = deps;
    const calls = config.OPENAI_API_KEY
      ? createRealtimeCalls({
          apiKey: config.OPENAI_API_KEY,
          baseURL: config.OPENAI_REALTIME_CALLS_BASE_URL ?? config.OPENAI_BASE_URL,
        })
      : null;
    const limiter = new OfferRateLimiter(deps.pool, config.REALTIME_OFFERS_PER_MINUTE);
    return { routers: [browserCallRoutes(deps, calls, limiter)] };
  },
};
