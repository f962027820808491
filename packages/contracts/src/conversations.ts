import { z } from 'zod';

/** Who spoke: the user, or the assistant persona. */
export const conversationRoleSchema = z.enum(['user', 'assistant'], {
  error: 'Role must be user or assistant',
});

const TITLE_MAX = 300;
const CONTENT_MAX = 50_000;

const titleSchema = z
  .string({ error: 'Title must be text' })
  .trim()
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`)
  .transform((title) => title || null)
  .nullable();

/**
 * Body of POST /api/voice/conversations; the voice page starts untitled. `callSessionId` links the
 * caller's own call session (a browser realtime call) to the conversation that holds its transcript.
 */
export const createConversationRequestSchema = z
  .object({
    title: titleSchema.optional(),
    callSessionId: z.uuid({ error: 'callSessionId must be a call session id' }).optional(),
  })
  .strict();

/** Answer of POST /api/voice/conversations. */
export const createConversationResponseSchema = z.object({ id: z.uuid() });

/** Body of POST /api/voice/conversations/:id/messages. */
export const addConversationMessageRequestSchema = z
  .object({
    role: conversationRoleSchema,
    content: z
      .string({ error: 'Content is required' })
      .min(1, 'Content is required')
      .max(CONTENT_MAX, `Content must be at most ${CONTENT_MAX} characters`),
    /** When it was said; the server's clock when absent. */
    timestamp: z.iso.datetime({ offset: true, error: 'Timestamp must be an ISO 8601 date-time' }).optional(),
  })
  .strict();

/** Body of PATCH /api/voice/conversations/:id: end it and/or name it. */
export const updateConversationRequestSchema = z
  .object({
    endedAt: z.iso
      .datetime({ offset: true, error: 'endedAt must be an ISO 8601 date-time' })
      .nullable()
      .optional(),
    title: titleSchema.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'Provide endedAt or title to change' });

/** One stored line of a conversation. */
export const conversationMessageSchema = z.object({
  id: z.uuid(),
  role: conversationRoleSchema,
  content: z.string(),
  timestamp: z.iso.datetime(),
});

/** One conversation of GET /api/voice/conversations (newest first). */
export const conversationSummarySchema = z.object({
  id: z.uuid(),
  title: z.string().nullable(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  messageCount: z.number().int().min(0),
});

export const conversationListSchema = z.array(conversationSummarySchema);

/** Body of GET /api/voice/conversations/:id: the conversation with its messages in order. */
export const conversationDetailSchema = conversationSummarySchema.extend({
  messages: z.array(conversationMessageSchema),
});

/** Body of DELETE /api/voice/conversations/:id: JSON, since the client reads the answer as JSON. */
export const deleteConversationResponseSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });

export type ConversationRole = z.infer<typeof conversationRoleSchema>;
export type CreateConversationRequest = z.input<typeof createConversationRequestSchema>;
export type AddConversationMessageRequest = z.input<typeof addConversationMessageRequestSchema>;
export type UpdateConversationRequest = z.input<typeof updateConversationRequestSchema>;
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;
