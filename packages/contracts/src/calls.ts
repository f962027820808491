import { z } from 'zod';
import { limitQueryField } from './paging.ts';
import { callFiguresSchema } from './usage.ts';

/** How a call reached the assistant: a phone call (Twilio), a browser realtime call, or the simple /call page. */
export const CALL_CHANNELS = ['twilio', 'webrtc', 'web'] as const;
export const callChannelSchema = z.enum(CALL_CHANNELS);

/** Who placed the call: the caller rang the assistant's number (inbound), or the assistant dialled (outbound). */
export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export const callDirectionSchema = z.enum(CALL_DIRECTIONS);

/** Default and largest page of GET /api/call-sessions. */
export const CALL_SESSIONS_PAGE_DEFAULT = 50;
export const CALL_SESSIONS_PAGE_MAX = 100;

/** Longest message the simple call page may send to the assistant. */
export const ASSIST_MESSAGE_MAX = 4_000;

/** One line of a call's transcript, said by the caller/user or by the assistant. */
export const callTranscriptEntrySchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  timestamp: z.iso.datetime(),
});

/** One call session as GET /api/call-sessions lists it. */
export const callSessionSchema = z.object({
  id: z.uuid(),
  channel: callChannelSchema,
  direction: callDirectionSchema.nullable(),
  startedAt: z.iso.datetime(),
  /** Null while the call is ongoing. */
  endedAt: z.iso.datetime().nullable(),
  callerId: z.string().nullable(),
  /** The tenant's contact with the other party's number (callerId), when there is one. */
  contactName: z.string().nullable().default(null),
  /** What the executive asked an outbound call for; null for other calls. */
  purpose: z.string().nullable().default(null),
  /** The stored lines, or the linked voice conversation's messages for a browser realtime call. */
  transcript: z.array(callTranscriptEntrySchema),
  /** What the call measured (latency, tools, tokens, cost); null until recorded. */
  figures: callFiguresSchema.nullable().default(null),
});

export const callSessionListSchema = z.array(callSessionSchema);

/**
 * Query of GET /api/call-sessions: newest first, `limit` sessions (default 50) started before the
 * session `before` (the id of the last one of the previous page; omitted for the first page).
 */
export const callSessionListQuerySchema = z
  .object({
    limit: limitQueryField(CALL_SESSIONS_PAGE_DEFAULT, CALL_SESSIONS_PAGE_MAX),
    before: z.uuid({ error: 'before must be a call session id' }).optional(),
  })
  .strict();

/**
 * Answer of GET /api/calls/readiness: whether a new call may start now. `notice` says, in words the
 * executive reads before pressing Start, why not (which budget, who can lift it); null when calls are allowed.
 */
export const callReadinessSchema = z
  .object({ callsPaused: z.boolean(), notice: z.string().nullable() })
  .strict();

/** Answer of POST /api/calls/start: the new call session's id. */
export const startCallResponseSchema = z.object({ id: z.uuid() });

/** Answer of POST /api/calls/:id/end: the session, ended. */
export const endCallResponseSchema = z.object({ id: z.uuid(), endedAt: z.iso.datetime() });

/** Body of POST /api/voice/assist: a message typed on the simple call page during call `callId`. */
export const assistRequestSchema = z
  .object({
    callId: z.uuid({ error: 'callId must be a call id' }),
    message: z
      .string({ error: 'Message is required' })
      .trim()
      .min(1, 'Message is required')
      .max(ASSIST_MESSAGE_MAX, `Message must be at most ${ASSIST_MESSAGE_MAX} characters`),
  })
  .strict();

/** Answer of POST /api/voice/assist: the assistant's reply. */
export const assistResponseSchema = z.object({ response: z.string() });

export type CallChannel = z.infer<typeof callChannelSchema>;
export type CallDirection = z.infer<typeof callDirectionSchema>;
export type CallTranscriptEntry = z.infer<typeof callTranscriptEntrySchema>;
export type CallSessionDto = z.infer<typeof callSessionSchema>;
export type CallSessionListQuery = z.input<typeof callSessionListQuerySchema>;
export type CallReadiness = z.infer<typeof callReadinessSchema>;
export type StartCallResponse = z.infer<typeof startCallResponseSchema>;
export type EndCallResponse = z.infer<typeof endCallResponseSchema>;
export type AssistRequest = z.input<typeof assistRequestSchema>;
export type AssistResponse = z.infer<typeof assistResponseSchema>;
