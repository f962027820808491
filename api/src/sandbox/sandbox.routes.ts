import * as contract from '@annie/contracts/sandbox-routes';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import { ZodError } from 'zod';
import type { Pool } from '../db/pool.ts';
import type { AppState } from '../http/app-state.ts';
import { defineRoutes } from '../http/define-route.ts';
import { HttpError, serviceUnavailable } from '../lib/http-errors.ts';
import { toE164 } from '../lib/phone-number.ts';
import { numberOfTenant } from '../modules/sms/index.ts';

type WebhookReply = { status: number; text: string };

/** What the sandbox panel drives: the Twilio fake, delivering to the app's real, signed webhooks. */
export type SandboxPhone = {
  simulateInboundText: (text: { from: string; to: string; body: string }) => Promise<WebhookReply>;
  simulateInboundCall: (call: { from: string; to: string }) => Promise<{ sid: string; reply: WebhookReply }>;
};

export type SandboxRouteDeps = {
  pool: Pool;
  phone: SandboxPhone;
  region: CountryCode;
  /** TWILIO_PHONE_NUMBER: the first tenant's number. */
  defaultNumber: string | undefined;
};

/** The caller's number as E.164 (a 400 naming `from` otherwise) and the tenant's own number. */
async function partiesOf(deps: SandboxRouteDeps, tenantId: string, fromText: string) {
  const from = toE164(fromText, deps.region);
  if (!from) {
    throw new ZodError([
      { code: 'custom', path: ['from'], message: 'Not a valid phone number', input: fromText },
    ]);
  }
  const to = await numberOfTenant(deps.pool, tenantId, deps.defaultNumber);
  if (!to) throw serviceUnavailable('This tenant has no messaging number: assign one with messaging:number');
  return { from, to };
}

function assertDelivered(reply: WebhookReply): void {
  if (reply.status !== 200) {
    throw new HttpError(502, 'provider_error', `The webhook answered ${reply.status}`);
  }
}

/**
 * /api/sandbox: the sandbox panel's "a contact texts you" and "a contact calls you". Only a sandbox
 * registers these routes. Both go through the Twilio fake and Twilio's signed webhooks, so the text is
 * stored and drafted, and the call answered and recorded, exactly as real ones are.
 */
export function sandboxRoutes(deps: SandboxRouteDeps) {
  return defineRoutes(new Router<AppState>(), contract, {
    simulateInboundText: async (_ctx, { body: input, auth }) => {
      const { from, to } = await partiesOf(deps, auth.tenantId, input.from);
      assertDelivered(await deps.phone.simulateInboundText({ from, to, body: input.body }));
      return { status: 200, body: { phoneE164: from, to } };
    },
    simulateInboundCall: async (_ctx, { body: input, auth }) => {
      const { from, to } = await partiesOf(deps, auth.tenantId, input.from);
      const call = await deps.phone.simulateInboundCall({ from, to });
      assertDelivered(call.reply);
      return { status: 200, body: { callSid: call.sid, phoneE164: from, to } };
    },
  });
}
