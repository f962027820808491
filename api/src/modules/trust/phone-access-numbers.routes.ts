import type * as contract from '@annie/contracts/trust-routes';
import type { CountryCode } from 'libphonenumber-js';
import type { Pool } from '../../db/pool.ts';
import type { AuthContext } from '../../http/app-state.ts';
import type { SomeRouteHandlers } from '../../http/define-route.ts';
import type { SmsSending } from '../sms/index.ts';
import { phoneAccessOf } from './phone-access.service.ts';
import { confirmOwnNumber, resendOwnNumberCode } from './phone-access-numbers.ts';

/**
 * The rest of /api/me/phone-access: confirming a new own number with the code texted to it, and asking
 * for a new code.
 */
export function phoneAccessNumberHandlers(deps: { pool: Pool; region: CountryCode; sending: SmsSending }) {
  const { pool, region, sending } = deps;
  const ownerOf = ({ tenantId, userId }: AuthContext) => ({ tenantId, userId });

  return {
    confirmOwnNumber: async (_ctx, { body, auth }) => {
      await confirmOwnNumber(pool, ownerOf(auth), body, region);
      return { status: 200, body: await phoneAccessOf(pool, ownerOf(auth)) };
    },
    resendOwnNumberCode: async (_ctx, { body, auth }) => {
      await resendOwnNumberCode(pool, ownerOf(auth), body.number, { region, sending });
      return { status: 200, body: await phoneAccessOf(pool, ownerOf(auth)) };
    },
  } satisfies SomeRouteHandlers<typeof contract>;
}
