import { DUPLICATE_CALL_MESSAGE, PURPOSE_REQUIRED_MESSAGE } from '@annie/contracts/phone-calls';
import type { Pool } from '../../../db/pool.ts';
import { HttpError, serviceUnavailable } from '../../../lib/http-errors.ts';
import {
  connectStreamTwiml,
  type PlacedCall,
  rejectTwiml,
  sayAndHangUpTwiml,
  TwilioCallError,
} from '../../../providers/twilio/twilio-calls.ts';
import { numberOfTenant, numberOptedOut, tenantOfNumber } from '../../sms/index.ts';
import { assertWithinBudget, budgetStatus } from '../../usage/index.ts';
import { tenantOwner } from '../../users/index.ts';
import { STREAM_TOKEN_PARAMETER } from './media-stream-socket.ts';
import {
  advanceStatus,
  deletePhoneCall,
  endStaleCalls,
  insertGuardedCall,
  linkCallSession,
  type NewPhoneCall,
  newStreamToken,
  renewStreamToken,
} from './phone-call.queries.ts';
import { announceCallStatus } from './phone-call-live.ts';
import { keptFiguresOf } from './phone-call-recording.ts';
import type { CallSessionRecorder } from './phone-call-sessions.ts';
import { isPhoneCallStatus } from './phone-call-status.ts';
import {
  CALL_STATUS_WEBHOOK_PATH,
  mediaStreamUrl,
  type PhoneCalling,
  streamEndedUrl,
} from './phone-calling.ts';

export type PhoneCallDeps = { pool: Pool; calling: PhoneCalling; sessions: CallSessionRecorder };

export const OPTED_OUT_CALL_MESSAGE = 'This number has opted out: the assistant will not call it';

/** What a caller hears when the assistant cannot take the call (phone calls not configured, or a fault). */
export const ASSISTANT_UNAVAILABLE_SAY =
  "Sorry, the assistant can't take your call right now. Please try again later. Goodbye.";

/** TwiML for a caller the assistant cannot take: a short apology, then hang up. */
export const assistantUnavailableTwiml = () => sayAndHangUpTwiml(ASSISTANT_UNAVAILABLE_SAY);

const duplicateCall = () =>
  new HttpError(409, 'duplicate_call', DUPLICATE_CALL_MESSAGE, {}, { duplicate: true });

function requireConfigured(calling: PhoneCalling) {
  const { calls, publicUrl } = calling;
  if (!calls || !publicUrl) {
    throw serviceUnavailable(`Phone calls are not configured: set ${calling.missing.join(', ')}`);
  }
  return { calls, publicUrl };
}

/** The call's status-callback URL (the id in the query is signed by Twilio with the rest). */
const statusCallbackOf = (publicUrl: string, phoneCallId: string) =>
  `${publicUrl}${CALL_STATUS_WEBHOOK_PATH}?phoneCallId=${phoneCallId}`;

type OpenedCall = { id: string; callSessionId: string; streamToken: string; resumeToken: string };

/**
 * The TwiML that connects a call to its media stream, with the <Connect action> that resumes it on any
 * instance should the stream end unexpectedly (the single-use resume token rides in the signed URL).
 */
export function callStreamTwiml(
  publicUrl: string,
  call: { id: string; streamToken: string; resumeToken: string },
): string {
  return connectStreamTwiml(
    mediaStreamUrl(publicUrl, call.id),
    { [STREAM_TOKEN_PARAMETER]: call.streamToken },
    streamEndedUrl(publicUrl, call.id, call.resumeToken),
  );
}

/**
 * Takes the number's guard, then records the call as a call session. A call session that cannot be
 * created gives the number back at once.
 */
async function openCall(deps: PhoneCallDeps, call: NewPhoneCall): Promise<OpenedCall | 'duplicate'> {
  const { token, hash } = newStreamToken();
  const resume = newStreamToken();
  const inserted = await insertGuardedCall(deps.pool, call, hash, resume.hash);
  if (inserted === 'duplicate' || inserted === 'known-sid') {
    // Twilio retried the voice webhook of a call already taken (it conflicts on the number, the CallSid
    // or both): the same call, with a fresh stream token. Anything else is a second call to the number.
    const renewed = call.twilioCallSid
      ? await renewStreamToken(deps.pool, call.tenantId, call.twilioCallSid, hash, resume.hash)
      : undefined;
    if (!renewed?.call_session_id) return 'duplicate';
    return {
      id: renewed.id,
      callSessionId: renewed.call_session_id,
      streamToken: token,
      resumeToken: resume.token,
    };
  }
  try {
    const callSessionId = await deps.sessions.start({
      tenantId: call.tenantId,
      userId: call.userId,
      direction: call.direction,
      callerId: call.remoteE164,
      providerCallId: call.twilioCallSid ?? null,
      purpose: call.purpose,
    });
    await linkCallSession(deps.pool, call.tenantId, inserted.id, callSessionId);
    return { id: inserted.id, callSessionId, streamToken: token, resumeToken: resume.token };
  } catch (error) {
    await deletePhoneCall(deps.pool, call.tenantId, inserted.id).catch(() => {});
    throw error;
  }
}

/**
 * POST /api/annie/call/start: calls `to` (already E.164) for the signed-in user. Refused before Twilio
 * is called for an opted-out number and for a number already on a call; the answer is the call
 * session's id. Twilio's refusal ends the session and frees the number (502 with its status and body).
 */
export async function placeOutboundCall(
  deps: PhoneCallDeps,
  caller: { tenantId: string; userId: string },
  request: { to: string; message: string; profileId?: string | null },
): Promise<{ id: string }> {
  // The contract refuses an empty purpose; a caller inside the API must not place one either.
  if (!request.message.trim()) throw new HttpError(400, 'purpose_required', PURPOSE_REQUIRED_MESSAGE);
  const { calls, publicUrl } = requireConfigured(deps.calling);
  await assertWithinBudget(deps.pool, caller.tenantId);
  const from = await numberOfTenant(deps.pool, caller.tenantId, deps.calling.defaultNumber);
  if (!from) {
    throw serviceUnavailable(
      'This tenant has no phone number: set TWILIO_PHONE_NUMBER or assign one with messaging:number',
    );
  }
  if (await numberOptedOut(deps.pool, caller.tenantId, request.to)) {
    throw new HttpError(409, 'opted_out', OPTED_OUT_CALL_MESSAGE);
  }
  const opened = await openCall(deps, {
    tenantId: caller.tenantId,
    userId: caller.userId,
    direction: 'outbound',
    remoteE164: request.to,
    assistantE164: from,
    purpose: request.message,
    status: 'placing',
    profileId: request.profileId ?? null,
  });
  if (opened === 'duplicate') throw duplicateCall();
  let placed: PlacedCall;
  try {
    placed = await calls.place({
      to: request.to,
      from,
      twiml: callStreamTwiml(publicUrl, opened),
      statusCallback: statusCallbackOf(publicUrl, opened.id),
    });
  } catch (error) {
    await advanceStatus(deps.pool, opened.id, 'failed');
    await deps.sessions.end(caller.tenantId, opened.callSessionId);
    if (error instanceof TwilioCallError) throw new HttpError(502, 'call_failed', error.message);
    throw error;
  }
  // The call is placed: from here on only its status callbacks (or the sweep) end it.
  const status = isPhoneCallStatus(placed.status) ? placed.status : 'queued';
  const change = await advanceStatus(deps.pool, opened.id, status, placed.sid);
  if (change.applied) await announceCallStatus(deps.pool, change.row);
  return { id: opened.callSessionId };
}

/** What the voice webhook answers Twilio: TwiML, and the call session when the call was taken. */
export type InboundAnswer = { twiml: string; callSessionId?: string };

/**
 * A call to a tenant's number (the tenant found from the number called, never from anything else):
 * recorded as an inbound call session of the tenant's owner, and connected to the media stream. A
 * number nobody owns is rejected; a caller already on a call with the tenant gets busy. When phone
 * calls are not configured the call is still recorded (ended at once) and the caller hears an apology.
 */
export async function answerInboundCall(
  deps: PhoneCallDeps,
  params: { callSid: string; from: string; to: string },
): Promise<InboundAnswer> {
  const tenantId = await tenantOfNumber(deps.pool, params.to, deps.calling.defaultNumber);
  const owner = tenantId ? await tenantOwner(deps.pool, tenantId) : undefined;
  if (!tenantId || !owner || !params.from) return { twiml: rejectTwiml('rejected') };
  const opened = await openCall(deps, {
    tenantId,
    userId: owner,
    direction: 'inbound',
    remoteE164: params.from,
    assistantE164: params.to,
    purpose: '',
    twilioCallSid: params.callSid,
    status: 'ringing',
  });
  if (opened === 'duplicate') return { twiml: rejectTwiml('busy') };
  const { publicUrl } = deps.calling;
  // A tenant whose budget stopped new calls is treated like one without phone calls.
  const stopped = (await budgetStatus(deps.pool, tenantId)).stopped;
  if (!deps.calling.calls || !publicUrl || stopped) {
    // Phone calls are not configured (Twilio's account or OpenAI): the caller hears an apology, and
    // the executive sees the call in Call History, already ended.
    await advanceStatus(deps.pool, opened.id, 'completed');
    await deps.sessions.end(tenantId, opened.callSessionId);
    return { twiml: assistantUnavailableTwiml(), callSessionId: opened.callSessionId };
  }
  return { twiml: callStreamTwiml(publicUrl, opened), callSessionId: opened.callSessionId };
}

/**
 * A status callback: the call moves forward only (redelivered and late callbacks change nothing); the
 * first final status ends the call session and frees the number.
 */
export async function applyCallStatus(
  deps: PhoneCallDeps,
  callback: { phoneCallId: string; callSid: string | undefined; status: string },
): Promise<void> {
  if (!isPhoneCallStatus(callback.status) || callback.status === 'placing') return;
  const change = await advanceStatus(deps.pool, callback.phoneCallId, callback.status, callback.callSid);
  const row = change.row;
  if (change.applied) await announceCallStatus(deps.pool, row);
  if (!change.ended || !row?.call_session_id) return;
  await deps.sessions.end(row.tenant_id, row.call_session_id);
  // A call that ended before its media stream started still has its minutes and Twilio's price; one
  // whose instance crashed has what its streams kept.
  await deps.sessions.recordFigures?.({
    tenantId: row.tenant_id,
    callSessionId: row.call_session_id,
    measured: await keptFiguresOf(deps.pool, row.id),
    models: { voice: deps.calling.realtimeModel, transcription: null },
    twilioCallSid: row.twilio_call_sid ?? callback.callSid ?? null,
    ifMissing: true,
  });
}

/** Ends the calls nobody reported the end of, and their call sessions; answers how many. */
export async function sweepStaleCalls(deps: PhoneCallDeps): Promise<number> {
  const stale = await endStaleCalls(deps.pool);
  for (const row of stale) await deps.sessions.end(row.tenant_id, row.call_session_id);
  return stale.length;
}
