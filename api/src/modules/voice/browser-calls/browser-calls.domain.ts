import { readFileSync } from 'node:fs';
import type { Domain } from '../../../domain.ts';
import { drained } from '../../../instance/instance-lifecycle.ts';
import { createRealtimeCalls } from '../../../providers/openai/openai-realtime-calls.ts';
import { openRealtimeSocket } from '../../../providers/openai/openai-realtime-ws.ts';
import { recordCallFigures } from '../call-sessions/index.ts';
import { browserCallRoutes } from './browser-call.routes.ts';
import { BrowserCallSidebands } from './browser-call-sideband.ts';
import { OfferRateLimiter } from './offer-rate-limiter.ts';

/** Browser calls: the WebRTC signalling to OpenAI, the ICE servers the page uses, and each call's figures. */
export const browserCallsDomain: Domain = {
  name: 'browser-calls',
  entities: [],
  migrations: [],
  create: (deps) => {
    const { config, pool, logger } = deps;
    const apiKey = config.OPENAI_API_KEY;
    const callsBaseURL = config.OPENAI_REALTIME_CALLS_BASE_URL ?? config.OPENAI_BASE_URL;
    const calls = apiKey ? createRealtimeCalls({ apiKey, baseURL: callsBaseURL }) : null;
    // The sideband goes to the host that runs the call, with the realtime socket's CA (tests' fakes).
    const sideband = {
      apiKey: apiKey ?? '',
      baseURL: config.OPENAI_REALTIME_SIDEBAND_BASE_URL ?? callsBaseURL,
      ca: config.OPENAI_REALTIME_CA_FILE ? readFileSync(config.OPENAI_REALTIME_CA_FILE, 'utf8') : undefined,
    };
    const sidebands = apiKey
      ? new BrowserCallSidebands({
          open: (callId) => openRealtimeSocket(sideband, { callID: callId }),
          record: async (call, measured) => {
            await recordCallFigures(pool, {
              tenantId: call.tenantId,
              callSessionId: call.callSessionId,
              measured,
              models: call.models,
              source: 'server',
            });
          },
          logger,
        })
      : null;
    const limiter = new OfferRateLimiter(deps.pool, config.REALTIME_OFFERS_PER_MINUTE);
    const { lifecycle } = deps;
    if (sidebands) lifecycle.countLive('browserCalls', () => sidebands.liveCount);
    return {
      routers: [browserCallRoutes(deps, calls, limiter, sidebands)],
      // A browser call runs between the browser and OpenAI: a restarting server does not end it. When
      // draining (SIGTERM), the sidebands measuring calls in progress stay up to CALL_DRAIN_MS so their
      // figures are whole; those left are recorded as measured so far.
      start: async () => async () => {
        if (sidebands && lifecycle.draining) await drained(() => sidebands.liveCount, config.CALL_DRAIN_MS);
        await sidebands?.closeAll();
      },
    };
  },
};
