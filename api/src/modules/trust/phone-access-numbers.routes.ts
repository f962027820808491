import * as contract from '@annie/contracts/trust-routes';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import type { Pool } from '../../db/pool.ts';
import type { AppState, AuthContext } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import type { SmsSending } from '../sms/index.ts';
import { phoneAccessOf } from './phone-access.service.ts';
import { confirmOwnNumber, resendOwnNumberCode } from './phone-access-numbers.ts';

/**
 * The rest of /api/me/phone-access: confirming a new own number with the code texted to it, and asking
 * for a new code.
 */
export function phoneAccessNumberRoutes(deps: {
  pool: Pool;
  region: CountryCode;
  sending: SmsSending;
}): Router<AppState> {
  const { pool, region, sending } = deps;
  const router = new Router<AppState>({ prefix: '/api/me/phone-access' });
  const ownerOf = ({ tenantId, userId }: AuthContext) => ({ tenantId, userId });

  defineRoute(router, contract.confirmOwnNumber, async (_ctx, { body, auth }) => {
    await confirmOwnNumber(pool, ownerOf(auth), body, region);
    return phoneAccessOf(pool, ownerOf(auth));
  });

  defineRoute(router, contract.resendOwnNumberCode, async (_ctx, { body, auth }) => {
    await resendOwnNumberCode(pool, ownerOf(auth), body.number, { region, sending });
    return phoneAccessOf(pool, ownerOf(auth));
  });

  return router;
}
