import type * as contract from '@annie/contracts/phone-calls-routes';
import type { RouterContext } from '@koa/router';
import type { Context } from 'koa';
import type { WebSocketServer } from 'ws';
import { z } from 'zod';
import type { AppState } from '../../../http/app-state.ts';
import type { SomeRouteHandlers } from '../../../http/define-route.ts';
import type { InstanceLifecycle } from '../../../instance/instance-lifecycle.ts';
import { forbidden, HttpError, notFound, serviceUnavailable } from '../../../lib/http-errors.ts';
import { takeUpgrade } from '../../../lib/websocket-upgrade.ts';
import { sayAndHangUpTwiml } from '../../../providers/twilio/twilio-calls.ts';
import { isValidTwilioSignature } from '../../../providers/twilio/twilio-signature.ts';
import { readTwilioForm } from '../../sms/index.ts';
import type { LiveMediaStreams } from './live-media-streams.ts';
import { type MediaStreamDeps, runMediaStream } from './media-stream-socket.ts';
import { streamMayOpen } from './phone-call.queries.ts';
import {
  answerInboundCall,
  applyCallStatus,
  assistantUnavailableTwiml,
  type PhoneCallDeps,
} from './phone-call.service.ts';
import { resumeCallStream } from './phone-call-resume.ts';
import { mediaStreamUrl, type PhoneCalling } from './phone-calling.ts';

/** Whether this instance takes another call: not while draining, not past MAX_CALLS_PER_INSTANCE. */
export type CallAdmission = { lifecycle: InstanceLifecycle; streams: LiveMediaStreams; maxCalls: number };

export type PhoneWebhookDeps = PhoneCallDeps & {
  stream: MediaStreamDeps;
  sockets: WebSocketServer;
  admission: CallAdmission;
};

/** What a caller hears when every line of the instance the balancer chose is taken. */
export const ALL_LINES_BUSY_SAY =
  'Sorry, all of our lines are busy right now. Please call again in a few minutes. Goodbye.';

const phoneCallIdSchema = z.uuid();

function signatureSettings(calling: PhoneCalling) {
  if (!calling.authToken || !calling.publicUrl) {
    throw serviceUnavailable('Phone webhooks are not configured: set TWILIO_AUTH_TOKEN and PUBLIC_URL');
  }
  return { authToken: calling.authToken, publicUrl: calling.publicUrl };
}

/** The signed parameters of a genuine Twilio request to this URL; 403 (nothing stored) otherwise. */
async function signedParams(ctx: Context, calling: PhoneCalling): Promise<Record<string, string>> {
  const { authToken, publicUrl } = signatureSettings(calling);
  const params = await readTwilioForm(ctx);
  // Twilio signs the URL it was given: the public one, which a proxy in front of the app may rewrite.
  if (
    !isValidTwilioSignature(
      authToken,
      ctx.get('X-Twilio-Signature') || undefined,
      `${publicUrl}${ctx.originalUrl}`,
      params,
    )
  ) {
    throw forbidden('Invalid Twilio signature');
  }
  return params;
}

/**
 * Twilio's side of phone calls: the voice webhook of the tenants' numbers, the call status callback,
 * and the media-stream WebSocket. All three are anonymous and accept only what Twilio signed.
 */
export function phoneWebhookHandlers(deps: PhoneWebhookDeps) {
  // Checked in this order: 426 for a plain request, 503 without the signing settings, 404 for a
  // malformed id, 403 for a bad signature; so the handler checks the id rather than a declared param.
  const openMediaStream = async (ctx: RouterContext<AppState>): Promise<void> => {
    const upgrade = takeUpgrade(ctx.req);
    if (!upgrade) throw new HttpError(426, 'upgrade_required', 'Open this address as a WebSocket');
    const { authToken, publicUrl } = signatureSettings(deps.calling);
    const id = phoneCallIdSchema.safeParse(ctx.params.phoneCallId);
    if (!id.success) throw notFound('No such phone call');
    const signature = ctx.get('X-Twilio-Signature') || undefined;
    if (!isValidTwilioSignature(authToken, signature, mediaStreamUrl(publicUrl, id.data), {})) {
      throw forbidden('Invalid Twilio signature');
    }
    const { bridges } = deps.stream;
    if (!bridges) throw serviceUnavailable('Phone calls are not configured: set OPENAI_API_KEY');
    if (!(await streamMayOpen(deps.pool, id.data))) throw notFound('No such phone call');
    // Refused here, the stream ends at once and Twilio asks the <Connect action> for another, which the
    // balancer gives a ready instance with room.
    const { lifecycle, streams, maxCalls } = deps.admission;
    if (lifecycle.draining) throw serviceUnavailable('The server is restarting');
    if (streams.count >= maxCalls) throw serviceUnavailable('This instance carries all the calls it can');
    ctx.respond = false;
    ctx.status = 101;
    deps.sockets.handleUpgrade(ctx.req, upgrade.socket, upgrade.head, (ws) => {
      streams.add(runMediaStream(ws, id.data, { ...deps.stream, bridges }));
    });
  };

  return {
    phoneVoiceWebhook: async (ctx) => {
      const params = await signedParams(ctx, deps.calling);
      let twiml: string;
      // A draining instance still answers (its TwiML sends the stream to PUBLIC_URL, where the balancer
      // picks a ready instance); a full one turns the caller away politely rather than overload its calls.
      if (deps.admission.streams.count >= deps.admission.maxCalls) {
        deps.stream.logger.warn(
          { calls: deps.admission.streams.count },
          'inbound call refused: all lines busy',
        );
        ctx.type = 'text/xml';
        return { status: 200, body: sayAndHangUpTwiml(ALL_LINES_BUSY_SAY) };
      }
      try {
        const answer = await answerInboundCall(deps, {
          callSid: params.CallSid ?? '',
          from: params.From ?? '',
          to: params.To ?? '',
        });
        twiml = answer.twiml;
      } catch (error) {
        // A caller would hear Twilio's "application error" for a 5xx: whatever went wrong (the database
        // away, a call session that could not be recorded), they hear an apology instead.
        deps.stream.logger.error({ err: error, callSid: params.CallSid }, 'inbound call could not be taken');
        twiml = assistantUnavailableTwiml();
      }
      ctx.type = 'text/xml';
      return { status: 200, body: twiml };
    },
    phoneStatusWebhook: async (ctx, { query: { phoneCallId } }) => {
      const params = await signedParams(ctx, deps.calling);
      if (phoneCallId) {
        await applyCallStatus(deps, {
          phoneCallId,
          callSid: params.CallSid,
          status: params.CallStatus ?? '',
        });
      }
      return { status: 204 };
    },
    phoneStreamEndedWebhook: async (ctx, { query }) => {
      const params = await signedParams(ctx, deps.calling);
      let twiml: string;
      try {
        twiml = await resumeCallStream(deps, {
          phoneCallId: query.phoneCallId ?? '',
          resumeToken: query.resume ?? '',
          callSid: params.CallSid,
          callStatus: params.CallStatus ?? '',
        });
      } catch (error) {
        deps.stream.logger.error({ err: error, callSid: params.CallSid }, 'phone call could not be resumed');
        twiml = assistantUnavailableTwiml();
      }
      ctx.type = 'text/xml';
      return { status: 200, body: twiml };
    },
    openPhoneMediaStream: openMediaStream,
  } satisfies SomeRouteHandlers<typeof contract>;
}
