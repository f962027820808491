import { CALL_STILL_PLACING_MESSAGE, type PhoneCallDto } from '@annie/contracts/phone-calls';
import { PHONE_CALL_NOT_FOUND } from '@annie/contracts/phone-calls-routes';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../../http/app-state.ts';
import { HttpError, notFound, serviceUnavailable } from '../../../lib/http-errors.ts';
import { TwilioCallError } from '../../../providers/twilio/twilio-calls.ts';
import { contactByNumber } from '../../contacts/index.ts';
import { CallSession } from '../call-sessions/index.ts';
import { findCallOfSession, type PhoneCallRow } from './phone-call.queries.ts';
import { applyCallStatus, type PhoneCallDeps } from './phone-call.service.ts';
import { FINAL_STATUSES, isPhoneCallStatus, statusRank } from './phone-call-status.ts';

// The live call panel's two operations, by the call session id the app names a call by: read the call
// (its user only) and hang it up (its user or an administrator of the tenant).

type Caller = Pick<AuthContext, 'tenantId' | 'userId' | 'isAdmin'>;

async function viewOf(
  deps: PhoneCallDeps,
  em: EntityManager,
  row: PhoneCallRow,
  sessionId: string,
): Promise<PhoneCallDto> {
  const session = await em.findOne(
    CallSession,
    { id: sessionId, tenantId: row.tenant_id },
    { filters: { tenant: { tenantId: row.tenant_id } }, refresh: true },
  );
  if (!session) throw notFound(PHONE_CALL_NOT_FOUND);
  return {
    id: session.id,
    direction: row.direction,
    status: row.status,
    remoteE164: row.remote_e164,
    contactName: (await contactByNumber(deps.pool, row.tenant_id, row.remote_e164))?.name ?? null,
    purpose: row.purpose,
    startedAt: session.startedAt.toISOString(),
    endedAt: session.endedAt?.toISOString() ?? null,
    transcript: session.transcript,
  };
}

/** One of the caller's own phone calls; another user's or another tenant's is 404, as is a browser call. */
export async function readOwnPhoneCall(
  deps: PhoneCallDeps,
  em: EntityManager,
  caller: Caller,
  id: string,
): Promise<PhoneCallDto> {
  const row = await findCallOfSession(deps.pool, caller.tenantId, id);
  if (!row || row.user_id !== caller.userId) throw notFound(PHONE_CALL_NOT_FOUND);
  return viewOf(deps, em, row, id);
}

/** Hangs up through Twilio: cancels a call not yet answered, completes one in progress. */
async function hangUpAtTwilio(deps: PhoneCallDeps, row: PhoneCallRow, sid: string): Promise<string> {
  const calls = deps.calling.calls;
  if (!calls)
    throw serviceUnavailable(`Phone calls are not configured: set ${deps.calling.missing.join(', ')}`);
  try {
    const answered = statusRank(row.status) >= statusRank('in-progress');
    let { status } = await calls.hangUp(sid, answered ? 'completed' : 'canceled');
    // Answered between our last status and the cancel, which Twilio then ignores: hang it up.
    if (!answered && status === 'in-progress') ({ status } = await calls.hangUp(sid, 'completed'));
    return status;
  } catch (error) {
    if (error instanceof TwilioCallError) throw new HttpError(502, 'hang_up_failed', error.message);
    throw error;
  }
}

/**
 * End: the call's user or an administrator of its tenant hangs up (anyone else: 404, as for a call
 * that does not exist). An ended call is answered as it is. Twilio's final status, when it gives one
 * at once, ends the call here; otherwise its status callback does.
 */
export async function hangUpPhoneCall(
  deps: PhoneCallDeps,
  em: EntityManager,
  caller: Caller,
  id: string,
): Promise<PhoneCallDto> {
  const row = await findCallOfSession(deps.pool, caller.tenantId, id);
  if (!row || (row.user_id !== caller.userId && !caller.isAdmin)) throw notFound(PHONE_CALL_NOT_FOUND);
  if (row.ended_at) return viewOf(deps, em, row, id);
  if (!row.twilio_call_sid) throw new HttpError(409, 'call_placing', CALL_STILL_PLACING_MESSAGE);
  const status = await hangUpAtTwilio(deps, row, row.twilio_call_sid);
  if (isPhoneCallStatus(status) && FINAL_STATUSES.includes(status)) {
    await applyCallStatus(deps, { phoneCallId: row.id, callSid: row.twilio_call_sid, status });
  }
  return viewOf(deps, em, (await findCallOfSession(deps.pool, caller.tenantId, id)) ?? row, id);
}
