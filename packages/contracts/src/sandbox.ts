import { z } from 'zod';
import { SMS_BODY_MAX } from './sms.ts';

/** Body of POST /api/sandbox/inbound-text (sandbox only): a text to the tenant's number from `from`. */
export const simulateInboundTextRequestSchema = z.strictObject({
  from: z
    .string({ error: 'From is required' })
    .trim()
    .min(1, 'From is required')
    .max(32, 'From must be a phone number'),
  body: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(SMS_BODY_MAX, `Message must be at most ${SMS_BODY_MAX} characters`),
});

/** Answer of POST /api/sandbox/inbound-text: the thread the text landed in. */
export const simulateInboundTextResponseSchema = z.strictObject({
  phoneE164: z.string(),
  to: z.string(),
});

/** Body of POST /api/sandbox/inbound-call (sandbox only): `from` rings the tenant's number. */
export const simulateInboundCallRequestSchema = z.strictObject({
  from: simulateInboundTextRequestSchema.shape.from,
});

/** Answer of POST /api/sandbox/inbound-call: Twilio's call sid, and who called which number. */
export const simulateInboundCallResponseSchema = z.strictObject({
  callSid: z.string(),
  phoneE164: z.string(),
  to: z.string(),
});

export type SimulateInboundTextRequest = z.infer<typeof simulateInboundTextRequestSchema>;
export type SimulateInboundTextResponse = z.infer<typeof simulateInboundTextResponseSchema>;
export type SimulateInboundCallRequest = z.infer<typeof simulateInboundCallRequestSchema>;
export type SimulateInboundCallResponse = z.infer<typeof simulateInboundCallResponseSchema>;
