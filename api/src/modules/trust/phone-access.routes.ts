import * as contract from '@annie/api-client/contracts/trust-routes';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import type { Pool } from '../../db/pool.ts';
import type { AppState, AuthContext } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { type PasswordAttemptLimiter, passwordCheckSource } from '../auth/index.ts';
import type { SmsSending } from '../sms/index.ts';
import { phoneAccessOf, updatePhoneAccess } from './phone-access.service.ts';

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

  defineRoute(router, contract.getPhoneAccess, async (_ctx, { auth }) => phoneAccessOf(pool, ownerOf(auth)));

  defineRoute(router, contract.updatePhoneAccess, async (ctx, { body, auth }) => {
    const update = () => updatePhoneAccess(pool, ownerOf(auth), body, { region, sending });
    // The password is counted like a sign-in, before argon2 runs: a stolen session cannot brute-force it here.
    return body.currentPassword === undefined
      ? update()
      : passwordChecks.guard(auth.username, passwordCheckSource(ctx, auth.username), update);
  });

  return router;
}
