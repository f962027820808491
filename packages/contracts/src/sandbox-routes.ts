// The sandbox panel's routes (registered only by a sandbox): a contact texts or calls the tenant's
// number, through the Twilio fake and the app's real, signed webhooks.
import { route } from './route.ts';
import {
  simulateInboundCallRequestSchema,
  simulateInboundCallResponseSchema,
  simulateInboundTextRequestSchema,
  simulateInboundTextResponseSchema,
} from './sandbox.ts';

const WEBHOOK_REFUSED = { 502: "The app's webhook refused the simulated text or call" };

export const simulateInboundText = route({
  method: 'post',
  path: '/api/sandbox/inbound-text',
  summary: "Sandbox only: a contact texts the tenant's number (through the Twilio fake)",
  access: 'signed-in',
  body: simulateInboundTextRequestSchema,
  responses: {
    200: { description: 'Delivered to the webhook', schema: simulateInboundTextResponseSchema },
  },
  errors: WEBHOOK_REFUSED,
});

export const simulateInboundCall = route({
  method: 'post',
  path: '/api/sandbox/inbound-call',
  summary: "Sandbox only: a contact calls the tenant's number (through the Twilio fake)",
  access: 'signed-in',
  body: simulateInboundCallRequestSchema,
  responses: {
    200: { description: 'The app answered the call', schema: simulateInboundCallResponseSchema },
  },
  errors: WEBHOOK_REFUSED,
});
