import {
  simulateInboundTextRequestSchema,
  simulateInboundTextResponseSchema,
} from '@annie/api-client/contracts/sandbox';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import { ZodError } from 'zod';
import type { Pool } from '../db/pool.ts';
import { HttpError, serviceUnavailable } from '../lib/http-errors.ts';
import { toE164 } from '../lib/phone-number.ts';
import { type AppState, authOf } from '../modules/auth/auth-context.ts';
import { requireAuth } from '../modules/auth/require-auth.ts';
import { numberOfTenant } from '../modules/sms/messaging-number.ts';
import { routeDoc } from '../openapi/route-doc.ts';

/** What the sandbox panel drives: the Twilio fake, delivering to the app's real webhooks. */
export type SandboxPhone = {
  simulateInboundText: (text: {
    from: string;
    to: string;
    body: string;
  }) => Promise<{ status: number; text: string }>;
};

export type SandboxRouteDeps = {
  pool: Pool;
  phone: SandboxPhone;
  region: CountryCode;
  /** TWILIO_PHONE_NUMBER: the first tenant's number. */
  defaultNumber: string | undefined;
};

/**
 * /api/sandbox: the sandbox panel's "a contact texts you". Only a sandbox registers these routes; the text
 * goes through the Twilio fake and Twilio's signed webhook, so it is stored and drafted as a real one is.
 */
export function sandboxRoutes(deps: SandboxRouteDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/sandbox' });

  router.post(
    '/inbound-text',
    routeDoc({
      summary: "Sandbox only: a contact texts the tenant's messaging number (through the Twilio fake)",
      access: 'signed-in',
      body: simulateInboundTextRequestSchema,
      responses: {
        200: { description: 'Delivered to the webhook', schema: simulateInboundTextResponseSchema },
      },
      errors: { 502: 'The inbound webhook refused the simulated text' },
    }),
    requireAuth(),
    async (ctx) => {
      const { tenantId } = authOf(ctx);
      const input = simulateInboundTextRequestSchema.parse(ctx.request.body ?? {});
      const from = toE164(input.from, deps.region);
      if (!from) {
        throw new ZodError([
          { code: 'custom', path: ['from'], message: 'Not a valid phone number', input: input.from },
        ]);
      }
      const to = await numberOfTenant(deps.pool, tenantId, deps.defaultNumber);
      if (!to)
        throw serviceUnavailable('This tenant has no messaging number: assign one with messaging:number');
      const reply = await deps.phone.simulateInboundText({ from, to, body: input.body });
      if (reply.status !== 200) {
        throw new HttpError(502, 'provider_error', `The inbound webhook answered ${reply.status}`);
      }
      ctx.body = simulateInboundTextResponseSchema.parse({ phoneE164: from, to });
    },
  );

  return router;
}
