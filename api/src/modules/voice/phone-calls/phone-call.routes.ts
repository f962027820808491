import {
  DUPLICATE_CALL_MESSAGE,
  startPhoneCallRequestSchema,
  startPhoneCallResponseSchema,
} from '@annie/api-client/contracts/phone-calls';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import { ZodError } from 'zod';
import type { AppState } from '../../../http/app-state.ts';
import { defineRoute } from '../../../http/define-route.ts';
import { toE164 } from '../../../lib/phone-number.ts';
import { type PhoneCallDeps, placeOutboundCall } from './phone-call.service.ts';

function phoneOf(text: string, region: CountryCode): string {
  const e164 = toE164(text, region);
  if (!e164)
    throw new ZodError([{ code: 'custom', path: ['to'], message: 'Not a valid phone number', input: text }]);
  return e164;
}

/** POST /api/annie/call/start: the assistant calls a number for the signed-in user. */
export function phoneCallRoutes(deps: PhoneCallDeps): Router<AppState> {
  const router = new Router<AppState>();
  const region = deps.calling.region as CountryCode;

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/annie/call/start',
      summary: 'Have the assistant phone a number (Twilio), with what the call is for',
      description:
        "The number is read as E.164 (national numbers in PHONE_DEFAULT_REGION). The assistant speaks with the tenant's default profile, told the purpose and the contact. Answers the call session the call is recorded as.",
      access: 'signed-in',
      body: startPhoneCallRequestSchema,
      responses: { 201: { description: 'The call session', schema: startPhoneCallResponseSchema } },
      errors: {
        402: "The month's usage budget is spent and the tenant's hard stop refuses new calls",
        409: `The number opted out, or "${DUPLICATE_CALL_MESSAGE}" (with duplicate: true)`,
        502: 'Twilio refused the call: "HTTP {status}: {body}", or "call_failed" when it could not be reached',
      },
    },
    async (ctx, { body, auth: { tenantId, userId } }) => {
      const to = phoneOf(body.to, region);
      ctx.status = 201;
      ctx.body = await placeOutboundCall(deps, { tenantId, userId }, { to, message: body.message });
    },
  );

  return router;
}
