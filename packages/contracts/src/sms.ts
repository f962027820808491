import { z } from 'zod';
import { contactRelationshipSchema, smsPreferenceSchema } from './contacts.ts';
import { limitQueryField, pageQueryFields, searchQueryField } from './paging.ts';

/** Which way a text went. */
export const smsDirectionSchema = z.enum(['inbound', 'outbound']);

/**
 * Twilio's message statuses that the app keeps. Outbound texts only move forward
 * (queued → sending → sent → delivered/undelivered/failed → read); inbound ones are `received`.
 */
export const smsStatusSchema = z.enum([
  'accepted',
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'read',
  'received',
]);

/** The per-thread response preference; the same three modes as a contact's smsPreference. */
export const responsePreferenceSchema = smsPreferenceSchema;

/** Largest number of messages one thread answer holds; older ones come page by page. */
export const SMS_THREAD_PAGE_SIZE = 200;
/** Longest text accepted for sending (ten concatenated segments). */
export const SMS_BODY_MAX = 1600;

/** One text message. Times are ISO 8601 strings. */
export const smsMessageSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  direction: smsDirectionSchema,
  status: smsStatusSchema,
  /** Pictures of an MMS, in order. */
  mediaUrls: z.array(z.string()),
  /** Twilio's error code when sending failed, e.g. 21610 for an unsubscribed recipient. */
  errorCode: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});

/** The contact behind a thread, as the thread list shows it. */
export const smsThreadContactSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nickname: z.string().nullable(),
  relationship: contactRelationshipSchema,
  isFavorite: z.boolean(),
  photoUrl: z.string().nullable(),
});

/** A draft reply the assistant wrote and the user has not yet sent or rejected. */
export const pendingDraftSchema = z.object({
  id: z.uuid(),
  draft: z.string(),
  createdAt: z.iso.datetime(),
});

/** What the list shows beyond the thread itself. */
export const smsThreadMetaSchema = z.object({
  lastMessage: z
    .object({ body: z.string(), direction: smsDirectionSchema, createdAt: z.iso.datetime() })
    .nullable(),
  unreadCount: z.number().int().min(0),
  pendingDraft: pendingDraftSchema.nullable(),
});

/** One thread of GET /api/sms/threads, without its messages. */
export const smsThreadSummarySchema = z.object({
  id: z.uuid(),
  phoneE164: z.string(),
  /** The contact's nickname or name, else the number. */
  displayName: z.string(),
  lastMessageAt: z.iso.datetime().nullable(),
  optedOut: z.boolean(),
  /** The thread's own preference, else the contact's smsPreference, else ask_first. */
  responsePreference: responsePreferenceSchema,
  contact: smsThreadContactSchema.nullable(),
  meta: smsThreadMetaSchema,
});

/** Body of GET /api/sms/threads: family first, then newest message first. */
export const smsThreadListSchema = z.array(smsThreadSummarySchema);

/** Most threads one GET /api/sms/threads?ids= asks for. */
export const SMS_THREAD_IDS_MAX = 50;
/** Threads per page of GET /api/sms/threads, by default and at most. */
export const SMS_THREAD_LIST_PAGE = 50;
export const SMS_THREAD_LIST_PAGE_MAX = 100;

/**
 * Query of GET /api/sms/threads. The list comes a page at a time, in its order (family first, then
 * newest); a `Link: <…>; rel="next"` header gives the next page's address while more remain.
 * - `q`: only threads whose display name, contact name, nickname or number (by its digits) match.
 * - `after`: the cursor of the `Link` header (opaque).
 * - `ids` (comma-separated thread ids, alone): only those threads — how an open list refreshes the
 *   threads a live event named instead of all of them.
 */
export const smsThreadListQuerySchema = z
  .object({
    ids: z
      .string({ error: 'ids must be comma-separated thread ids' })
      .transform((text) => text.split(',').filter(Boolean))
      .pipe(
        z
          .array(z.uuid({ error: 'ids must be comma-separated thread ids' }))
          .min(1, 'ids must name at least one thread')
          .max(SMS_THREAD_IDS_MAX, `ids may name at most ${SMS_THREAD_IDS_MAX} threads`),
      )
      .optional(),
    q: searchQueryField,
    ...pageQueryFields(SMS_THREAD_LIST_PAGE, SMS_THREAD_LIST_PAGE_MAX),
  })
  .strict()
  .refine((query) => !query.ids || (query.q === undefined && query.after === undefined), {
    error: 'ids cannot be combined with q or after',
    path: ['ids'],
  });

export type SmsThreadListQuery = z.output<typeof smsThreadListQuerySchema>;

/** Body of GET /api/sms/threads/:phone: the thread with its latest messages, oldest first. */
export const smsThreadDetailSchema = smsThreadSummarySchema.extend({
  messages: z.array(smsMessageSchema),
  /** True when older messages exist beyond `messages` (GET …/messages?before=<oldest id>). */
  hasOlderMessages: z.boolean(),
});

/** Query of GET /api/sms/threads/:threadId/messages: the page before a message. */
export const smsMessagePageQuerySchema = z
  .object({
    before: z.uuid({ error: 'before must be a message id' }),
    limit: limitQueryField(SMS_THREAD_PAGE_SIZE, SMS_THREAD_PAGE_SIZE),
  })
  .strict();

/** Body of GET /api/sms/threads/:threadId/messages: oldest first. */
export const smsMessagePageSchema = z.object({
  messages: z.array(smsMessageSchema),
  hasOlderMessages: z.boolean(),
});

const smsBodySchema = z
  .string({ error: 'Message must be text' })
  .trim()
  .max(SMS_BODY_MAX, `Message must be at most ${SMS_BODY_MAX} characters`);

/** Body of POST /api/sms/send. A picture alone (MMS) needs no text. */
export const sendSmsRequestSchema = z
  .object({
    to: z.string({ error: 'To is required' }).trim().min(1, 'To is required').max(40, 'To is too long'),
    body: smsBodySchema.default(''),
    mediaUrl: z.url({ protocol: /^https$/, error: 'Media URL must be an https URL' }).optional(),
  })
  .strict()
  .refine((request) => request.body.length > 0 || request.mediaUrl !== undefined, {
    error: 'Message is required',
    path: ['body'],
  });

/** Answer of POST /api/sms/send and of approving a draft: where the outbound message was stored. */
export const sendSmsResponseSchema = z.object({
  threadId: z.uuid(),
  messageId: z.uuid(),
});

/** Body of POST /api/sms/threads/:threadId/approve: the draft as the user edited it. */
export const approveDraftRequestSchema = z
  .object({
    draft: z.string({ error: 'Draft is required' }).trim().min(1, 'Draft is required').max(SMS_BODY_MAX),
  })
  .strict();

/** Answer of POST /api/sms/threads/:threadId/reject. */
export const rejectDraftResponseSchema = z.object({ rejected: z.literal(true) });

/** Answer of POST /api/sms/threads/:phone/read: the thread, started if it was new, now read. */
export const smsThreadReadResponseSchema = z.object({ threadId: z.uuid() });

/** Body of PATCH /api/sms/threads/:threadId. */
export const updateSmsThreadRequestSchema = z
  .object({ responsePreference: responsePreferenceSchema })
  .strict();

/** Answer of GET /api/sms/status: what is configured, so the UI can say why sending or drafting is off. */
export const smsStatusResponseSchema = z.object({
  sending: z.object({ configured: z.boolean(), missing: z.array(z.string()) }),
  drafts: z.object({ configured: z.boolean(), missing: z.array(z.string()) }),
});

/** Live events on the SMS channel: something changed in a thread; clients refetch what they show. */
export const smsLiveEventSchema = z.object({
  type: z.enum(['message', 'status', 'draft', 'thread']),
  threadId: z.uuid(),
  phoneE164: z.string(),
});

export type SmsDirection = z.infer<typeof smsDirectionSchema>;
export type SmsStatus = z.infer<typeof smsStatusSchema>;
export type ResponsePreference = z.infer<typeof responsePreferenceSchema>;
export type SmsMessage = z.infer<typeof smsMessageSchema>;
export type SmsThreadContact = z.infer<typeof smsThreadContactSchema>;
export type PendingDraft = z.infer<typeof pendingDraftSchema>;
export type SmsThreadSummary = z.infer<typeof smsThreadSummarySchema>;
export type SmsThreadDetail = z.infer<typeof smsThreadDetailSchema>;
export type SmsMessagePage = z.infer<typeof smsMessagePageSchema>;
export type SendSmsRequest = z.input<typeof sendSmsRequestSchema>;
export type SendSmsResponse = z.infer<typeof sendSmsResponseSchema>;
export type ApproveDraftRequest = z.infer<typeof approveDraftRequestSchema>;
export type UpdateSmsThreadRequest = z.infer<typeof updateSmsThreadRequestSchema>;
export type SmsThreadReadResponse = z.infer<typeof smsThreadReadResponseSchema>;
export type SmsStatusResponse = z.infer<typeof smsStatusResponseSchema>;
export type SmsLiveEvent = z.infer<typeof smsLiveEventSchema>;
