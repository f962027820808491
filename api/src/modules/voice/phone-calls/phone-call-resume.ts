import { hangUpTwiml, sayAndHangUpTwiml } from '../../../providers/twilio/twilio-calls.ts';
import { newStreamToken } from './phone-call.queries.ts';
import { applyCallStatus, callStreamTwiml, type PhoneCallDeps } from './phone-call.service.ts';
import { resumeStream } from './phone-call-resume.queries.ts';
import { FINAL_STATUSES, isPhoneCallStatus } from './phone-call-status.ts';

/** What a caller hears when their call's stream cannot be given back (resumes spent, or a fault). */
export const CALL_NOT_RESUMED_SAY =
  "Sorry, we lost the line and the assistant can't continue this call. Please call again. Goodbye.";

/**
 * Twilio's <Connect action> request: the call's stream has ended. A call still in progress with an
 * unspent resume token gets a new stream (on whichever instance the balancer gives it; that stream
 * starts from the stored transcript and the trust stored on the row); the token is spent by this
 * request, so a replay of the same URL revives nothing. A call that ended meanwhile (the caller hung up
 * while its instance was down) is recorded as ended, with the figures its streams kept.
 */
export async function resumeCallStream(
  deps: PhoneCallDeps,
  request: { phoneCallId: string; resumeToken: string; callSid: string | undefined; callStatus: string },
): Promise<string> {
  const { callStatus } = request;
  if (isPhoneCallStatus(callStatus) && FINAL_STATUSES.includes(callStatus)) {
    await applyCallStatus(deps, {
      phoneCallId: request.phoneCallId,
      callSid: request.callSid,
      status: callStatus,
    });
    return hangUpTwiml();
  }
  const stream = newStreamToken();
  const resume = newStreamToken();
  const { publicUrl } = deps.calling;
  const resumed = await resumeStream(deps.pool, request.phoneCallId, request.resumeToken, {
    stream: stream.hash,
    resume: resume.hash,
  });
  // A call that ended on purpose forgot its token before its stream closed: it is not revived (Twilio
  // ignores the TwiML of a call already hung up; one still on the line hears why it ends).
  if (!resumed || !publicUrl || resumed.twilio_call_sid !== (request.callSid ?? null)) {
    return sayAndHangUpTwiml(CALL_NOT_RESUMED_SAY);
  }
  return callStreamTwiml(publicUrl, {
    id: resumed.id,
    streamToken: stream.token,
    resumeToken: resume.token,
  });
}
