import type * as contract from '@annie/contracts/phone-calls-routes';
import type { CountryCode } from 'libphonenumber-js';
import { ZodError } from 'zod';
import type { SomeRouteHandlers } from '../../../http/define-route.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { toE164 } from '../../../lib/phone-number.ts';
import { type PhoneCallDeps, placeOutboundCall } from './phone-call.service.ts';
import { hangUpPhoneCall, readOwnPhoneCall } from './phone-call-panel.service.ts';
import { callProfileId } from './phone-call-profile.ts';
import type { CallAdmission } from './phone-webhook.routes.ts';

/** What POST /api/annie/call/start answers (503) when this instance carries all the calls it may. */
export const ALL_LINES_BUSY_MESSAGE =
  'All lines are busy on this server right now. Try the call again in a few minutes.';
/** …and while it is restarting (draining). */
export const RESTARTING_MESSAGE = 'The server is restarting. Try the call again in a minute.';

/** Refuses a new outbound call when the instance is draining or at MAX_CALLS_PER_INSTANCE (503, Retry-After). */
function admitOutbound(admission: CallAdmission | undefined, retryAfter: (seconds: number) => void): void {
  if (!admission) return;
  const refusal = admission.lifecycle.draining
    ? new HttpError(503, 'server_restarting', RESTARTING_MESSAGE)
    : admission.streams.count >= admission.maxCalls
      ? new HttpError(503, 'all_lines_busy', ALL_LINES_BUSY_MESSAGE)
      : null;
  if (!refusal) return;
  retryAfter(60);
  throw refusal;
}

function phoneOf(text: string, region: CountryCode): string {
  const e164 = toE164(text, region);
  if (!e164)
    throw new ZodError([{ code: 'custom', path: ['to'], message: 'Not a valid phone number', input: text }]);
  return e164;
}

/**
 * POST /api/annie/call/start: the assistant calls a number for the signed-in user, for a purpose; then
 * the live call panel reads the call and hangs it up, by its call session id.
 */
export function phoneCallHandlers(deps: PhoneCallDeps, admission?: CallAdmission) {
  const region = deps.calling.region as CountryCode;

  return {
    startPhoneCall: async (ctx, { body, auth: { tenantId, userId } }) => {
      const to = phoneOf(body.to, region);
      // Before Twilio is asked: the call's media stream would land on this full (or restarting) instance.
      admitOutbound(admission, (seconds) => ctx.set('Retry-After', String(seconds)));
      const profileId = body.profileId ? await callProfileId(ctx.state.em, body.profileId) : null;
      const call = await placeOutboundCall(
        deps,
        { tenantId, userId },
        { to, message: body.message, profileId },
      );
      return { status: 201, body: call };
    },
    getPhoneCall: async (ctx, { params, auth }) => ({
      status: 200,
      body: await readOwnPhoneCall(deps, ctx.state.em, auth, params.id),
    }),
    endPhoneCall: async (ctx, { params, auth }) => ({
      status: 200,
      body: await hangUpPhoneCall(deps, ctx.state.em, auth, params.id),
    }),
  } satisfies SomeRouteHandlers<typeof contract>;
}
