import { z } from 'zod';
import { callDirectionSchema, callTranscriptEntrySchema } from './calls.ts';

/** Longest purpose (`message`) an outbound call may carry into the assistant's instructions. */
export const PHONE_CALL_PURPOSE_MAX = 2_000;

/** The refusal of a call with no purpose: the assistant must know what the call is for. */
export const PURPOSE_REQUIRED_MESSAGE = 'Say what the call is for: the purpose is required';

/** The refusal of a call with a voice profile the tenant does not have. */
export const VOICE_PROFILE_UNKNOWN_MESSAGE = 'This voice profile does not exist';

/** The refusal of a second call to a number while one is in progress. */
export const DUPLICATE_CALL_MESSAGE = 'A call to this number is already in progress';

/**
 * Body of POST /api/annie/call/start: the make_outbound_call tool's arguments. `to` is free text the
 * server reads as a phone number; `message` is the call's purpose, told to the assistant (required:
 * nobody is phoned without one).
 */
export const startPhoneCallRequestSchema = z
  .object({
    to: z.string({ error: 'To is required' }).trim().min(1, 'To is required').max(40, 'To is too long'),
    message: z
      .string({ error: PURPOSE_REQUIRED_MESSAGE })
      .trim()
      .min(1, PURPOSE_REQUIRED_MESSAGE)
      .max(PHONE_CALL_PURPOSE_MAX, `The purpose must be at most ${PHONE_CALL_PURPOSE_MAX} characters`),
    /** The voice profile to speak with (its id, as GET /api/voice/profiles lists it); absent: the default one. */
    profileId: z
      .string({ error: VOICE_PROFILE_UNKNOWN_MESSAGE })
      .max(64, VOICE_PROFILE_UNKNOWN_MESSAGE)
      .optional(),
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

/** Twilio's call statuses, plus `placing` (the call is recorded, Twilio has not answered yet). */
export const PHONE_CALL_STATUSES = [
  'placing',
  'queued',
  'initiated',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'failed',
  'no-answer',
  'canceled',
] as const;
export const phoneCallStatusSchema = z.enum(PHONE_CALL_STATUSES);

/** A phone call as its live panel shows it (GET /api/annie/call/:id), named by its call session's id. */
export const phoneCallSchema = z
  .object({
    id: z.uuid(),
    direction: callDirectionSchema,
    status: phoneCallStatusSchema,
    /** The other party's number (E.164). */
    remoteE164: z.string(),
    /** The tenant's contact with that number, when there is one. */
    contactName: z.string().nullable(),
    /** What the executive asked the call for; empty for an inbound call. */
    purpose: z.string(),
    startedAt: z.iso.datetime(),
    /** Null while the call is ongoing. */
    endedAt: z.iso.datetime().nullable(),
    transcript: z.array(callTranscriptEntrySchema),
  })
  .strict();

/** The live event of the signed-in user's calls (`call`): something changed on call session `id`. */
export const CALL_LIVE_EVENT = 'call';
export const callLiveEventSchema = z.strictObject({
  id: z.uuid(),
  /** A phone call's new status; absent when the transcript or the end changed. */
  status: phoneCallStatusSchema.optional(),
});

/** End for a call Twilio has not accepted yet. */
export const CALL_STILL_PLACING_MESSAGE = 'The call is still being placed: try again in a moment';

export type PhoneCallStatus = z.infer<typeof phoneCallStatusSchema>;
export type PhoneCallDto = z.infer<typeof phoneCallSchema>;
export type CallLiveEvent = z.infer<typeof callLiveEventSchema>;
export type StartPhoneCallRequest = z.input<typeof startPhoneCallRequestSchema>;
export type StartPhoneCallResponse = z.infer<typeof startPhoneCallResponseSchema>;
