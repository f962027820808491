import {
  confirmOwnNumberSchema,
  phoneAccessSchema,
  resendOwnNumberCodeSchema,
} from '@annie/api-client/contracts/trust';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import type { Pool } from '../../db/pool.ts';
import type { AppState, AuthContext } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import type { SmsSending } from '../sms/index.ts';
import { phoneAccessOf } from './phone-access.service.ts';
import { clearLockouts } from './phone-access-lockouts.queries.ts';
import {
  CODE_TOO_SOON,
  CODE_WRONG,
  confirmOwnNumber,
  NOT_YOUR_NUMBER,
  NUMBER_TAKEN,
  resendOwnNumberCode,
  TOO_MANY_CODES,
} from './phone-access-numbers.ts';

/**
 * The rest of /api/me/phone-access: confirming a new own number with the code texted to it, asking
 * for a new code, and clearing a passcode lockout (a spoofed caller ID can cause one).
 */
export function phoneAccessNumberRoutes(deps: {
  pool: Pool;
  region: CountryCode;
  sending: SmsSending;
}): Router<AppState> {
  const { pool, region, sending } = deps;
  const router = new Router<AppState>({ prefix: '/api/me/phone-access' });
  const ownerOf = ({ tenantId, userId }: AuthContext) => ({ tenantId, userId });
  const answer = { 200: { description: 'Phone access', schema: phoneAccessSchema } };

  defineRoute(
    router,
    {
      method: 'post',
      path: '/numbers/confirm',
      summary:
        'Confirm one of your new numbers with the code texted to it: from then on it is your own number',
      access: 'signed-in',
      body: confirmOwnNumberSchema,
      responses: answer,
      errors: { 400: `${CODE_WRONG}, or: ${NOT_YOUR_NUMBER}`, 409: NUMBER_TAKEN },
    },
    async (ctx, { body, auth }) => {
      await confirmOwnNumber(pool, ownerOf(auth), body, region);
      ctx.body = await phoneAccessOf(pool, ownerOf(auth));
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/numbers/code',
      summary: 'Text a new code to one of your numbers that is not confirmed yet',
      access: 'signed-in',
      body: resendOwnNumberCodeSchema,
      responses: answer,
      errors: { 400: NOT_YOUR_NUMBER, 409: NUMBER_TAKEN, 429: `${CODE_TOO_SOON}, or: ${TOO_MANY_CODES}` },
    },
    async (ctx, { body, auth }) => {
      await resendOwnNumberCode(pool, ownerOf(auth), body.number, { region, sending });
      ctx.body = await phoneAccessOf(pool, ownerOf(auth));
    },
  );

  defineRoute(
    router,
    {
      method: 'delete',
      path: '/lockout',
      summary: 'Lift the phone passcode lockout (wrong passcodes keyed from your number, perhaps spoofed)',
      access: 'signed-in',
      responses: answer,
    },
    async (ctx, { auth }) => {
      await clearLockouts(pool, ownerOf(auth));
      ctx.body = await phoneAccessOf(pool, ownerOf(auth));
    },
  );

  return router;
}
