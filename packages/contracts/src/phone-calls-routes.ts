// Phone calls over Twilio: the assistant calling a number for the user, and Twilio's side of every call
// (the voice webhook of the tenants' numbers, the status callback, the media-stream WebSocket). Twilio's
// routes are anonymous and accept only what Twilio signed.
import { z } from 'zod';
import { CALL_NOT_FOUND } from './calls-routes.ts';
import {
  CALL_STILL_PLACING_MESSAGE,
  DUPLICATE_CALL_MESSAGE,
  PURPOSE_REQUIRED_MESSAGE,
  phoneCallSchema,
  startPhoneCallRequestSchema,
  startPhoneCallResponseSchema,
} from './phone-calls.ts';
import { route } from './route.ts';

export const startPhoneCall = route({
  method: 'post',
  path: '/api/annie/call/start',
  summary: 'Have the assistant phone a number (Twilio), with what the call is for',
  description:
    "The number is read as E.164 (national numbers in PHONE_DEFAULT_REGION). The assistant speaks with the tenant's default profile, told the purpose and the contact. Answers the call session the call is recorded as.",
  access: 'signed-in',
  body: startPhoneCallRequestSchema,
  responses: { 201: { description: 'The call session', schema: startPhoneCallResponseSchema } },
  errors: {
    400: `No purpose: "${PURPOSE_REQUIRED_MESSAGE}" (or a number that is not one)`,
    402: "The month's usage budget is spent and the tenant's hard stop refuses new calls",
    409: `The number opted out, or "${DUPLICATE_CALL_MESSAGE}" (with duplicate: true)`,
    502: 'Twilio refused the call: "HTTP {status}: {body}", or "call_failed" when it could not be reached',
    503: 'This server carries MAX_CALLS_PER_INSTANCE calls already (all_lines_busy) or is restarting (server_restarting), with Retry-After; or phone calls are not configured',
  },
});

/** A phone call that is not in the tenant, or (reading it) not the caller's own. */
export const PHONE_CALL_NOT_FOUND = CALL_NOT_FOUND;

export const getPhoneCall = route({
  method: 'get',
  path: '/api/annie/call/:id',
  summary: "One of the caller's phone calls, by its call session id: status, purpose and transcript",
  access: 'signed-in',
  params: { id: z.uuid() },
  notFound: PHONE_CALL_NOT_FOUND,
  responses: { 200: { description: 'The call', schema: phoneCallSchema } },
});

export const endPhoneCall = route({
  method: 'post',
  path: '/api/annie/call/:id/end',
  summary: 'Hang up a phone call (Twilio), by its call session id; an ended call is answered as it is',
  description:
    "Only the user who placed the call or an administrator of its tenant (anyone else's call is not found). Twilio is asked to cancel a call still ringing and to complete one in progress; its status callback then ends the call.",
  access: 'signed-in',
  params: { id: z.uuid() },
  notFound: PHONE_CALL_NOT_FOUND,
  responses: { 200: { description: 'The call as it stands', schema: phoneCallSchema } },
  errors: {
    409: CALL_STILL_PLACING_MESSAGE,
    502: 'Twilio refused the hang-up: "HTTP {status}: {body}"',
  },
});

const WEBHOOK_ERRORS = {
  403: 'X-Twilio-Signature does not match PUBLIC_URL and the form (nothing is stored)',
  413: 'The form is too large',
  415: 'The body is not application/x-www-form-urlencoded',
};

export const phoneVoiceWebhook = route({
  method: 'post',
  path: '/api/phone/webhooks/voice',
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
});

/** Query of the call status callback: our id of the call; a malformed one is ignored (after the signature check). */
export const phoneStatusQuerySchema = z.object({ phoneCallId: z.uuid().optional().catch(undefined) });

export const phoneStatusWebhook = route({
  method: 'post',
  path: '/api/phone/webhooks/status',
  summary: "Twilio's status callback for a phone call",
  description:
    'Signed by Twilio (CallSid, CallStatus). A status only moves forward and a redelivery changes nothing; completed, busy, failed, no-answer and canceled end the call session and free the number.',
  access: 'anonymous',
  query: phoneStatusQuerySchema,
  responses: { 204: { description: 'Recorded' } },
  errors: WEBHOOK_ERRORS,
});

/** Query of the <Connect action> webhook: our id of the call and its single-use resume token. */
export const phoneStreamEndedQuerySchema = z.object({
  phoneCallId: z.uuid().optional().catch(undefined),
  resume: z.string().max(100).optional().catch(undefined),
});

export const phoneStreamEndedWebhook = route({
  method: 'post',
  path: '/api/phone/webhooks/stream-ended',
  summary: "Twilio's request once a call's media stream has ended (<Connect action>)",
  description:
    "Signed by Twilio (CallSid, CallStatus) over the URL with the call's id and its single-use resume token. A call still in progress whose stream was lost (its instance crashed or was killed) gets a new stream, on whichever instance takes it, with the conversation so far; a call that ended on purpose (goodbye, hang-up, a refusal) or whose token was spent is not revived. A call that ended meanwhile is recorded as ended.",
  access: 'anonymous',
  query: phoneStreamEndedQuerySchema,
  responses: {
    200: { description: 'TwiML: <Connect><Stream> again, or <Say> and <Hangup>', contentType: 'text/xml' },
  },
  errors: WEBHOOK_ERRORS,
});

// The id is checked by the handler rather than declared, so that the checks come in this order: 426 for a
// plain request, 503 without the signing settings, 404 for a malformed id, 403 for a bad signature.
export const openPhoneMediaStream = route({
  method: 'get',
  path: '/api/phone/media-streams/:phoneCallId',
  summary: "A phone call's media stream: the WebSocket Twilio opens (<Connect><Stream>)",
  description:
    "Only Twilio's signed handshake (X-Twilio-Signature over the wss:// address) for a call this server placed or answered, once; the call's single-use token must come in the start message.",
  access: 'anonymous',
  responses: { 101: { description: 'Switching to the WebSocket' } },
  errors: {
    403: 'Not signed by Twilio',
    404: 'No such call, or its stream was already opened or it has ended',
    426: 'Not a WebSocket handshake',
    503: 'The instance is restarting or carries MAX_CALLS_PER_INSTANCE calls: Twilio asks the <Connect action> for another stream',
  },
});
