// SMS: the tenant's threads (read-only; opening one marks it read), sending, the assistant's drafts, the
// response preference, the live event stream, and Twilio's webhooks (incoming texts, delivery statuses).
import { z } from 'zod';
import { smsSearchQuerySchema, smsSearchResultSchema } from './inbox.ts';
import { route } from './route.ts';
import {
  approveDraftRequestSchema,
  rejectDraftResponseSchema,
  sendSmsRequestSchema,
  sendSmsResponseSchema,
  smsMessagePageQuerySchema,
  smsMessagePageSchema,
  smsStatusResponseSchema,
  smsThreadDetailSchema,
  smsThreadListQuerySchema,
  smsThreadListSchema,
  smsThreadReadResponseSchema,
  smsThreadSummarySchema,
  updateSmsThreadRequestSchema,
} from './sms.ts';

const THREAD_NOT_FOUND = 'Thread not found';
const threadById = { params: { threadId: z.uuid() }, notFound: THREAD_NOT_FOUND } as const;
const OPTED_OUT = 'The number has opted out (STOP); it must text START first';
const PROVIDER_ERROR = 'Twilio refused the text';
const NO_DRAFT = 'No such thread, or it has no pending draft';

export const listSmsThreads = route({
  method: 'get',
  path: '/api/sms/threads',
  summary:
    "A page of the tenant's SMS threads, family first, then the most recent (or only those of `ids`); " +
    'a Link header (rel="next") gives the next page while more remain',
  access: 'signed-in',
  query: smsThreadListQuerySchema,
  responses: { 200: { description: 'The threads', schema: smsThreadListSchema } },
});

// Read-only: a GET changes nothing, so a link followed from another site cannot mark a text read.
export const getSmsThread = route({
  method: 'get',
  path: '/api/sms/threads/:phone',
  summary: 'The thread with a phone number: its latest 200 messages (reading it changes nothing)',
  access: 'signed-in',
  params: { phone: z.string() },
  responses: { 200: { description: 'The thread', schema: smsThreadDetailSchema } },
  errors: {
    400: 'The phone is not a valid phone number',
    404: 'No thread with this number yet (POST …/read starts it)',
  },
});

// Opening a conversation: starts its thread if there is none yet, and nothing in it is unread any more.
export const openSmsThread = route({
  method: 'post',
  path: '/api/sms/threads/:phone/read',
  summary: 'Open the thread with a phone number: starts it if new, marks it read',
  access: 'signed-in',
  params: { phone: z.string() },
  responses: { 200: { description: 'The thread', schema: smsThreadReadResponseSchema } },
  errors: { 400: 'The phone is not a valid phone number' },
});

export const listOlderSmsMessages = route({
  method: 'get',
  path: '/api/sms/threads/:threadId/messages',
  summary: "A page of a thread's older messages",
  access: 'signed-in',
  ...threadById,
  query: smsMessagePageQuerySchema,
  responses: { 200: { description: 'The messages, oldest first', schema: smsMessagePageSchema } },
});

export const updateSmsThread = route({
  method: 'patch',
  path: '/api/sms/threads/:threadId',
  summary: "Change the thread's response preference (ask first, auto respond, never respond)",
  access: 'signed-in',
  ...threadById,
  body: updateSmsThreadRequestSchema,
  responses: { 200: { description: 'The thread', schema: smsThreadSummarySchema } },
});

export const approveSmsDraft = route({
  method: 'post',
  path: '/api/sms/threads/:threadId/approve',
  summary: "Send the thread's pending draft, as the user edited it",
  access: 'signed-in',
  ...threadById,
  body: approveDraftRequestSchema,
  responses: { 200: { description: 'Where the sent text was stored', schema: sendSmsResponseSchema } },
  errors: { 404: NO_DRAFT, 409: OPTED_OUT, 502: PROVIDER_ERROR },
});

export const rejectSmsDraft = route({
  method: 'post',
  path: '/api/sms/threads/:threadId/reject',
  summary: "Drop the thread's pending draft; nothing is sent",
  access: 'signed-in',
  ...threadById,
  responses: { 200: { description: 'Dropped', schema: rejectDraftResponseSchema } },
  errors: { 404: NO_DRAFT },
});

export const sendSms = route({
  method: 'post',
  path: '/api/sms/send',
  summary: "Text a phone number from the tenant's messaging number (MMS with an https media URL)",
  access: 'signed-in',
  body: sendSmsRequestSchema,
  responses: { 201: { description: 'Where the sent text was stored', schema: sendSmsResponseSchema } },
  errors: { 409: OPTED_OUT, 502: PROVIDER_ERROR },
});

export const getSmsStatus = route({
  method: 'get',
  path: '/api/sms/status',
  summary: 'Whether sending and drafting are configured, and which variables are missing',
  access: 'signed-in',
  responses: { 200: { description: 'The configuration', schema: smsStatusResponseSchema } },
});

export const smsEvents = route({
  method: 'get',
  path: '/api/sms/events',
  summary: "A server-sent event stream of the tenant's SMS changes",
  description:
    '`sms` events carry `{type, threadId, phoneE164}` (a text, a status, a draft or the thread changed); `resync` means some may have been missed (read the threads again).',
  access: 'signed-in',
  responses: { 200: { description: 'The event stream', contentType: 'text/event-stream' } },
});

const WEBHOOK_ERRORS = {
  403: 'X-Twilio-Signature does not match PUBLIC_URL and the form (nothing is stored)',
  413: 'The form is too large',
  415: 'The body is not application/x-www-form-urlencoded',
};

export const smsInboundWebhook = route({
  method: 'post',
  path: '/api/sms/webhooks/inbound',
  summary: "Twilio's webhook for a text to a tenant's messaging number",
  description:
    'Signed by Twilio (form fields From, To, Body, MessageSid, NumMedia, MediaUrl{n}); redelivery stores nothing twice.',
  access: 'anonymous',
  responses: {
    200: { description: 'Empty TwiML (no reply from Twilio itself)', contentType: 'text/xml' },
  },
  errors: WEBHOOK_ERRORS,
});

/** Query of the SMS status callback: our id of the message; a malformed one is ignored (the sid still names it). */
export const smsStatusQuerySchema = z.object({ messageId: z.uuid().optional().catch(undefined) });

export const smsStatusWebhook = route({
  method: 'post',
  path: '/api/sms/webhooks/status',
  summary: "Twilio's status callback for an outbound text",
  description:
    'Signed by Twilio (MessageSid, MessageStatus, ErrorCode); a status only moves forward; 21610 opts the thread out.',
  access: 'anonymous',
  query: smsStatusQuerySchema,
  responses: { 204: { description: 'Recorded' } },
  errors: WEBHOOK_ERRORS,
});

export const searchSmsMessages = route({
  method: 'get',
  path: '/api/sms/search',
  summary: "The tenant's texts whose body holds the words (case-insensitive), newest first, with a snippet",
  access: 'signed-in',
  query: smsSearchQuerySchema,
  responses: { 200: { description: 'The matching texts', schema: smsSearchResultSchema } },
});
