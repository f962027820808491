import Router from '@koa/router';
import type { Context } from 'koa';
import type { WebSocketServer } from 'ws';
import { z } from 'zod';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoute } from '../../../http/define-route.ts';
import { forbidden, HttpError, notFound, serviceUnavailable } from '../../../lib/http-errors.ts';
import { takeUpgrade } from '../../../lib/websocket-upgrade.ts';
import { isValidTwilioSignature } from '../../../providers/twilio/twilio-signature.ts';
import { readTwilioForm } from '../../sms/index.ts';
import { type MediaStreamDeps, runMediaStream } from './media-stream-socket.ts';
import { streamMayOpen } from './phone-call.queries.ts';
import {
  answerInboundCall,
  applyCallStatus,
  assistantUnavailableTwiml,
  type PhoneCallDeps,
} from './phone-call.service.ts';
import {
  CALL_STATUS_WEBHOOK_PATH,
  MEDIA_STREAM_PATH,
  mediaStreamUrl,
  type PhoneCalling,
  VOICE_WEBHOOK_PATH,
} from './phone-calling.ts';

export type PhoneWebhookDeps = PhoneCallDeps & { stream: MediaStreamDeps; sockets: WebSocketServer };

const WEBHOOK_ERRORS = {
  403: 'X-Twilio-Signature does not match PUBLIC_URL and the form (nothing is stored)',
  413: 'The form is too large',
  415: 'The body is not application/x-www-form-urlencoded',
};
const phoneCallIdSchema = z.uuid();
// Our id of the call, in the callback URL; a malformed one is ignored (after the signature check).
const statusQuerySchema = z.object({ phoneCallId: phoneCallIdSchema.optional().catch(undefined) });

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
export function phoneWebhookRoutes(deps: PhoneWebhookDeps): Router<AppState> {
  const router = new Router<AppState>();

  defineRoute(
    router,
    {
      method: 'post',
      path: VOICE_WEBHOOK_PATH,
      summary: "Twilio's voice webhook for a call to a tenant's number",
      description:
        "Signed by Twilio (CallSid, From, To). The tenant is the one owning the number called; the call is recorded for its owner and connected to the assistant through a media stream. A number nobody owns is rejected; a caller already on a call gets busy. When the assistant cannot take the call (phone calls not configured, or a fault) the caller hears a short apology and the call is hung up, never Twilio's application error.",
      access: 'anonymous',
      responses: {
        200: {
          description: 'TwiML: <Connect><Stream>, <Reject>, or <Say> and <Hangup>',
          contentType: 'text/xml',
        },
      },
      errors: WEBHOOK_ERRORS,
    },
    async (ctx) => {
      const params = await signedParams(ctx, deps.calling);
      let twiml: string;
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
      ctx.body = twiml;
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: CALL_STATUS_WEBHOOK_PATH,
      summary: "Twilio's status callback for a phone call",
      description:
        'Signed by Twilio (CallSid, CallStatus). A status only moves forward and a redelivery changes nothing; completed, busy, failed, no-answer and canceled end the call session and free the number.',
      access: 'anonymous',
      query: statusQuerySchema,
      responses: { 204: { description: 'Recorded' } },
      errors: WEBHOOK_ERRORS,
    },
    async (ctx, { query: { phoneCallId } }) => {
      const params = await signedParams(ctx, deps.calling);
      if (phoneCallId) {
        await applyCallStatus(deps, {
          phoneCallId,
          callSid: params.CallSid,
          status: params.CallStatus ?? '',
        });
      }
      ctx.status = 204;
    },
  );

  // Checked in this order: 426 for a plain request, 503 without the signing settings, 404 for a
  // malformed id, 403 for a bad signature; so the handler checks the id rather than a declared param.
  defineRoute(
    router,
    {
      method: 'get',
      path: `${MEDIA_STREAM_PATH}/:phoneCallId`,
      summary: "A phone call's media stream: the WebSocket Twilio opens (<Connect><Stream>)",
      description:
        "Only Twilio's signed handshake (X-Twilio-Signature over the wss:// address) for a call this server placed or answered, once; the call's single-use token must come in the start message.",
      access: 'anonymous',
      responses: { 101: { description: 'Switching to the WebSocket' } },
      errors: {
        403: 'Not signed by Twilio',
        404: 'No such call, or its stream was already opened or it has ended',
        426: 'Not a WebSocket handshake',
      },
    },
    async (ctx) => {
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
      ctx.respond = false;
      ctx.status = 101;
      deps.sockets.handleUpgrade(ctx.req, upgrade.socket, upgrade.head, (ws) => {
        runMediaStream(ws, id.data, { ...deps.stream, bridges });
      });
    },
  );

  return router;
}
