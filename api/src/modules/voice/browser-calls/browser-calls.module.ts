import { readFileSync } from 'node:fs';
import type { ApiModule } from '../../../api-module.ts';
import { drained } from '../../../instance/instance-lifecycle.ts';
import { recordBrowserCallMetrics } from '../../../observability/index.ts';
import { createLiveCalls } from '../../../providers/openai/openai-live-calls.ts';
import { createRealtimeCalls } from '../../../providers/openai/openai-realtime-calls.ts';
import { openRealtimeSocket } from '../../../providers/openai/openai-realtime-ws.ts';
import type { MeasuredCall } from '../bridge/index.ts';
import { recordCallFigures } from '../call-sessions/index.ts';
import { browserCallRoutes } from './browser-call.routes.ts';
import { BrowserCallSidebands, type SidebandCall } from './browser-call-sideband.ts';
import { LiveBrowserCalls } from './live-browser-calls.ts';
import { liveBrowserToolbox } from './live-browser-tools.ts';
import { OfferRateLimiter } from './offer-rate-limiter.ts';

/** Browser calls: the WebRTC signalling to OpenAI, the ICE servers the page uses, and each call's figures. */
export const browserCallsModule: ApiModule = {
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
          record: (call, measured) => record(call, measured),
          logger,
        })
      : null;
    const record = async (call: SidebandCall, measured: MeasuredCall) => {
      recordBrowserCallMetrics(measured);
      await recordCallFigures(pool, {
        tenantId: call.tenantId,
        callSessionId: call.callSessionId,
        measured,
        models: call.models,
        source: 'server',
      });
    };
    // GPT-Live: sessions created at the Live base URL (or OPENAI_LIVE_CALLS_BASE_URL), sidebands over wss.
    const liveBaseURL = config.OPENAI_LIVE_BASE_URL ?? config.OPENAI_BASE_URL;
    const liveCalls = apiKey
      ? new LiveBrowserCalls({
          calls: createLiveCalls({
            apiKey,
            callsBaseURL: config.OPENAI_LIVE_CALLS_BASE_URL ?? liveBaseURL,
            sideband: {
              apiKey,
              baseURL: liveBaseURL,
              ca: config.OPENAI_LIVE_CA_FILE ? readFileSync(config.OPENAI_LIVE_CA_FILE, 'utf8') : undefined,
            },
          }),
          tools: liveBrowserToolbox(deps),
          record,
          logger,
        })
      : null;
    const limiter = new OfferRateLimiter(deps.pool, config.REALTIME_OFFERS_PER_MINUTE);
    const { lifecycle } = deps;
    if (sidebands)
      lifecycle.countLive('browserCalls', () => sidebands.liveCount + (liveCalls?.liveCount ?? 0));
    const live = liveCalls ? { calls: liveCalls, draw: Math.random } : null;
    return {
      routers: [browserCallRoutes(deps, calls, limiter, sidebands, live)],
      // A browser call runs between the browser and OpenAI: a restarting server does not end it. When
      // draining (SIGTERM), the sidebands measuring calls in progress stay up to CALL_DRAIN_MS so their
      // figures are whole; those left are recorded as measured so far.
      start: async () => async () => {
        const liveCount = () => (sidebands?.liveCount ?? 0) + (liveCalls?.liveCount ?? 0);
        if (lifecycle.draining) await drained(liveCount, config.CALL_DRAIN_MS);
        liveCalls?.closeAll();
        await sidebands?.closeAll();
      },
    };
  },
};
