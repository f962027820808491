import {
  CALL_SESSION_HEADER,
  iceServersResponseSchema,
  REALTIME_CALL_HEADER,
  SDP_CONTENT_TYPE,
  VOICE_ENGINE_HEADER,
} from '@annie/contracts/realtime';
import * as contract from '@annie/contracts/realtime-routes';
import Router from '@koa/router';
import type { ModuleDeps } from '../../../api-module.ts';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoutes } from '../../../http/define-route.ts';
import { HttpError, serviceUnavailable } from '../../../lib/http-errors.ts';
import { browserCallStarted } from '../../../observability/index.ts';
import { RealtimeCallError, type RealtimeCalls } from '../../../providers/openai/openai-realtime-calls.ts';
import { RETIRED_MODEL_WARNING } from '../profiles/index.ts';
import { type BrowserCall, startBrowserCall } from './browser-call.service.ts';
import type { BrowserCallSidebands } from './browser-call-sideband.ts';
import { iceServersOf } from './ice-servers.ts';
import type { LiveBrowserCalls } from './live-browser-calls.ts';
import type { OfferRateLimiter } from './offer-rate-limiter.ts';
import { readSdpOffer } from './sdp-offer.ts';

export const NOT_CONFIGURED = contract.REALTIME_NOT_CONFIGURED;

/** POST /api/realtime/offer (the voice page's signalling) and the ICE servers its peer connection uses. */
export function browserCallRoutes(
  { config, logger }: Pick<ModuleDeps, 'config' | 'logger'>,
  calls: RealtimeCalls | null,
  limiter: OfferRateLimiter,
  sidebands: BrowserCallSidebands | null = null,
  live: { calls: LiveBrowserCalls; draw: () => number } | null = null,
) {
  const iceServers = iceServersResponseSchema.parse({ iceServers: iceServersOf(config) });

  // The body is raw SDP, read by the handler: 503 when OpenAI is not configured, then 415, 413 and
  // 400 for the body, and only a well-formed offer counts against the user's rate limit (429). The
  // handler writes the SDP answer itself.

  return defineRoutes(new Router<AppState>(), contract, {
    getIceServers: async () => ({ status: 200, body: await iceServers }),
    postRealtimeOffer: async (ctx, { auth }) => {
      if (!calls) throw serviceUnavailable(NOT_CONFIGURED);
      const offer = await readSdpOffer(ctx);
      await limiter.consume(auth.tenantId, auth.userId);
      let call: BrowserCall;
      try {
        call = await startBrowserCall(ctx.state.em, calls, {
          auth,
          offerSdp: offer,
          defaultModel: config.OPENAI_REALTIME_MODEL,
          live,
          onRetiredModel: (notice) =>
            logger.warn({ ...notice, tenantId: auth.tenantId }, RETIRED_MODEL_WARNING),
        });
      } catch (error) {
        if (!(error instanceof RealtimeCallError)) throw error;
        const failure = new HttpError(502, 'realtime_call_failed', error.message);
        // Logged once, by the error middleware: its line chains the causes (OpenAI's status, reason, stack).
        failure.cause = error;
        throw failure;
      }
      logger.info(
        {
          callId: call.realtimeCallId,
          callSessionId: call.callSessionId,
          tenantId: auth.tenantId,
          engine: call.engine,
        },
        'realtime call started',
      );
      browserCallStarted(call.engine);
      // Measured from the server's own connection to the call, attached before the browser can speak (a
      // GPT-Live call's sideband is attached already: it runs the call's tools too).
      if (call.engine === 'realtime' && call.realtimeCallId && sidebands) {
        await sidebands.attach({
          tenantId: auth.tenantId,
          callSessionId: call.callSessionId,
          callId: call.realtimeCallId,
          models: call.models,
        });
      }
      if (call.realtimeCallId) ctx.set(REALTIME_CALL_HEADER, call.realtimeCallId);
      ctx.set(CALL_SESSION_HEADER, call.callSessionId);
      ctx.set(VOICE_ENGINE_HEADER, call.engine);
      ctx.type = SDP_CONTENT_TYPE;
      return { status: 201, body: call.sdp };
    },
  });
}
