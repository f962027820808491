import { z } from 'zod';

/** Longest purpose (`message`) an outbound call may carry into the assistant's instructions. */
export const PHONE_CALL_PURPOSE_MAX = 2_000;

/** The refusal of a second call to a number while one is in progress. */
export const DUPLICATE_CALL_MESSAGE = 'A call to this number is already in progress';

/**
 * Body of POST /api/annie/call/start: the make_outbound_call tool's arguments. `to` is free text the
 * server reads as a phone number; `message` is what the call is for, told to the assistant.
 */
export const startPhoneCallRequestSchema = z
  .object({
    to: z.string({ error: 'To is required' }).trim().min(1, 'To is required').max(40, 'To is too long'),
    message: z
      .string({ error: 'Message must be text' })
      .trim()
      .max(PHONE_CALL_PURPOSE_MAX, `Message must be at most ${PHONE_CALL_PURPOSE_MAX} characters`)
      .default(''),
  })
  .strict();

/** Answer of POST /api/annie/call/start: the call session the phone call is recorded as. */
export const startPhoneCallResponseSchema = z.object({ id: z.uuid() }).strict();

/** Body of the 409 for a number already on a call, flagged `duplicate: true`. */
export const duplicateCallErrorSchema = z
  .object({
    message: z.literal(DUPLICATE_CALL_MESSAGE),
    code: z.literal('duplicate_call'),
    duplicate: z.literal(true),
  })
  .strict();

export type StartPhoneCallRequest = z.input<typeof startPhoneCallRequestSchema>;
export type StartPhoneCallResponse = z.infer<typeof startPhoneCallResponseSchema>;
