import * as contract from '@annie/contracts/trust-routes';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import type { Pool } from '../../db/pool.ts';
import type { AppState, AuthContext } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { accountPasswordCheck, type PasswordAttemptLimiter } from '../auth/index.ts';
import type { SmsSending } from '../sms/index.ts';
import { clearPhoneLockout, phoneAccessOf, updatePhoneAccess } from './phone-access.service.ts';

/** /api/me/phone-access: the signed-in user's own numbers, phone passcode and lockouts (password-guarded). */
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
    // The password is counted like a sign-in, before argon2 runs: a stolen session cannot brute-force it here.
    const checkPassword = accountPasswordCheck(pool, passwordChecks, ctx, auth);
    return updatePhoneAccess(pool, ownerOf(auth), body, { region, sending, checkPassword });
  });

  defineRoute(router, contract.clearPhoneLockout, async (ctx, { body, auth }) => {
    const checkPassword = accountPasswordCheck(pool, passwordChecks, ctx, auth);
    return clearPhoneLockout(pool, ownerOf(auth), body.currentPassword, checkPassword);
  });

  return router;
}
