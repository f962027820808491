import type * as contract from '@annie/contracts/trust-routes';
import type { CountryCode } from 'libphonenumber-js';
import type { Pool } from '../../db/pool.ts';
import type { AuthContext } from '../../http/app-state.ts';
import type { SomeRouteHandlers } from '../../http/define-route.ts';
import { accountPasswordCheck, type PasswordAttemptLimiter } from '../auth/index.ts';
import type { SmsSending } from '../sms/index.ts';
import { clearPhoneLockout, phoneAccessOf, updatePhoneAccess } from './phone-access.service.ts';

/** /api/me/phone-access: the signed-in user's own numbers, phone passcode and lockouts (password-guarded). */
export function phoneAccessHandlers({
  pool,
  region,
  sending,
  passwordChecks,
}: {
  pool: Pool;
  region: CountryCode;
  sending: SmsSending;
  passwordChecks: PasswordAttemptLimiter;
}) {
  const ownerOf = ({ tenantId, userId }: AuthContext) => ({ tenantId, userId });

  return {
    getPhoneAccess: async (_ctx, { auth }) => ({
      status: 200,
      body: await phoneAccessOf(pool, ownerOf(auth)),
    }),
    updatePhoneAccess: async (ctx, { body, auth }) => {
      // The password is counted like a sign-in, before argon2 runs: a stolen session cannot brute-force it here.
      const checkPassword = accountPasswordCheck(pool, passwordChecks, ctx, auth);
      return {
        status: 200,
        body: await updatePhoneAccess(pool, ownerOf(auth), body, { region, sending, checkPassword }),
      };
    },
    clearPhoneLockout: async (ctx, { body, auth }) => {
      const checkPassword = accountPasswordCheck(pool, passwordChecks, ctx, auth);
      return {
        status: 200,
        body: await clearPhoneLockout(pool, ownerOf(auth), body.currentPassword, checkPassword),
      };
    },
  } satisfies SomeRouteHandlers<typeof contract>;
}
