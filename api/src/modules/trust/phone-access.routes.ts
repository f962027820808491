import { phoneAccessSchema, updatePhoneAccessSchema } from '@annie/api-client/contracts/trust';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import type { Pool } from '../../db/pool.ts';
import type { AppState, AuthContext } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { type PasswordAttemptLimiter, passwordCheckSource } from '../auth/index.ts';
import type { SmsSending } from '../sms/index.ts';
import {
  PASSCODE_NEEDS_PASSWORD,
  phoneAccessOf,
  updatePhoneAccess,
  WRONG_PASSWORD,
} from './phone-access.service.ts';
import { NUMBER_TAKEN } from './phone-access-numbers.ts';

/** /api/me/phone-access: the signed-in user's own numbers and phone passcode. */
export function phoneAccessRoutes({
  pool,
  region,
  sending,
  passwordChecks,
}: {
  pool: Pool;
  region: CountryCode;
  sending: SmsSending;
  passwordChecks: PasswordAttemptLimiter;
}): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/me/phone-access' });
  const ownerOf = ({ tenantId, userId }: AuthContext) => ({ tenantId, userId });

  defineRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: 'Your own phone numbers and whether a phone passcode is set',
      access: 'signed-in',
      responses: { 200: { description: 'Phone access', schema: phoneAccessSchema } },
    },
    async (ctx, { auth }) => {
      ctx.body = await phoneAccessOf(pool, ownerOf(auth));
    },
  );

  defineRoute(
    router,
    {
      method: 'put',
      path: '/',
      summary:
        'Set your own phone numbers (new ones are texted a code to confirm) and, with your password, the phone passcode',
      access: 'signed-in',
      body: updatePhoneAccessSchema,
      responses: { 200: { description: 'Phone access', schema: phoneAccessSchema } },
      errors: {
        400: `A number is not valid, or: ${PASSCODE_NEEDS_PASSWORD}`,
        403: WRONG_PASSWORD,
        409: NUMBER_TAKEN,
        429: 'Too many wrong passwords for this account; Retry-After says when to try again',
        503: 'Text messages are not configured, so a new number cannot be confirmed',
      },
    },
    async (ctx, { body, auth }) => {
      const update = () => updatePhoneAccess(pool, ownerOf(auth), body, { region, sending });
      // The password is counted like a sign-in, before argon2 runs: a stolen session cannot brute-force it here.
      ctx.body =
        body.currentPassword === undefined
          ? await update()
          : await passwordChecks.guard(auth.username, passwordCheckSource(ctx, auth.username), update);
    },
  );

  return router;
}
