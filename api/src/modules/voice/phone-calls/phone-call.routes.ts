import * as contract from '@annie/api-client/contracts/phone-calls-routes';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import { ZodError } from 'zod';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoute } from '../../../http/define-route.ts';
import { toE164 } from '../../../lib/phone-number.ts';
import { type PhoneCallDeps, placeOutboundCall } from './phone-call.service.ts';
import { hangUpPhoneCall, readOwnPhoneCall } from './phone-call-panel.service.ts';
import { callProfileId } from './phone-call-profile.ts';

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
export function phoneCallRoutes(deps: PhoneCallDeps): Router<AppState> {
  const router = new Router<AppState>();
  const region = deps.calling.region as CountryCode;

  defineRoute(router, contract.startPhoneCall, async (ctx, { body, auth: { tenantId, userId } }) => {
    const to = phoneOf(body.to, region);
    const profileId = body.profileId ? await callProfileId(ctx.state.em, body.profileId) : null;
    const call = await placeOutboundCall(
      deps,
      { tenantId, userId },
      { to, message: body.message, profileId },
    );
    ctx.status = 201;
    return call;
  });

  defineRoute(router, contract.getPhoneCall, (ctx, { params, auth }) =>
    readOwnPhoneCall(deps, ctx.state.em, auth, params.id),
  );

  defineRoute(router, contract.endPhoneCall, (ctx, { params, auth }) =>
    hangUpPhoneCall(deps, ctx.state.em, auth, params.id),
  );

  return router;
}
