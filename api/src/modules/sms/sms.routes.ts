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
} from '@annie/api-client/contracts/sms';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import { ZodError, z } from 'zod';
import type { Pool } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type AppState, authOf } from '../../http/app-state.ts';
import { requireAuth } from '../../http/require-auth.ts';
import { notFound } from '../../lib/http-errors.ts';
import { decodeCursor, setNextLink } from '../../lib/keyset-cursor.ts';
import { toE164 } from '../../lib/phone-number.ts';
import { uuidParam } from '../../lib/uuid-param.ts';
import { publishLive } from '../../live/live-channel.ts';
import { routeDoc } from '../../openapi/route-doc.ts';
import { approveDraft, rejectDraft } from './sms-draft.service.ts';
import { smsChannel } from './sms-live.ts';
import { sendText } from './sms-send.service.ts';
import type { SmsSending } from './sms-sending.ts';
import {
  messagePageJson,
  someThreadsJson,
  threadCursorSchema,
  threadPageJson,
  threadSummaryJson,
} from './sms-thread.queries.ts';
import {
  ensureThread,
  findThreadByPhone,
  getThread,
  markThreadRead,
  setResponsePreference,
  THREAD_NOT_FOUND,
} from './sms-thread.service.ts';

export type SmsRouteDeps = { pool: Pool; sending: SmsSending; region: CountryCode; draftsMissing: string[] };

/** A phone number from the user (path or body) as E.164, or a 400 naming the field. */
function phoneOf(text: string, field: string, region: CountryCode): string {
  const e164 = toE164(text, region);
  if (!e164)
    throw new ZodError([{ code: 'custom', path: [field], message: 'Not a valid phone number', input: text }]);
  return e164;
}

const threadIdParam = { threadId: z.uuid() };
const OPTED_OUT = 'The number has opted out (STOP); it must text START first';
const PROVIDER_ERROR = 'Twilio refused the text';

/** /api/sms: threads, one thread (read-only; POST …/read opens it), sending, drafts and the preference. */
export function smsRoutes({ pool, sending, region, draftsMissing }: SmsRouteDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/sms' });
  const threadIdOf = (raw: string | undefined) => uuidParam(raw, THREAD_NOT_FOUND);

  router.get(
    '/threads',
    routeDoc({
      summary:
        "A page of the tenant's SMS threads, family first, then the most recent (or only those of `ids`); " +
        'a Link header (rel="next") gives the next page while more remain',
      access: 'signed-in',
      query: smsThreadListQuerySchema,
      responses: { 200: { description: 'The threads', schema: smsThreadListSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const { tenantId } = authOf(ctx);
      const { ids, q, after, limit } = smsThreadListQuerySchema.parse(ctx.query);
      ctx.type = 'application/json';
      if (ids) {
        ctx.body = await someThreadsJson(pool, tenantId, ids);
        return;
      }
      const page = await threadPageJson(pool, tenantId, {
        q,
        after: after === undefined ? undefined : decodeCursor(after, threadCursorSchema),
        limit,
      });
      setNextLink(ctx, '/api/sms/threads', { limit: String(limit), q }, page.next);
      ctx.body = page.body;
    },
  );

  // Read-only: a GET changes nothing, so a link followed from another site cannot mark a text read.
  router.get(
    '/threads/:phone',
    routeDoc({
      summary: 'The thread with a phone number: its latest 200 messages (reading it changes nothing)',
      access: 'signed-in',
      params: { phone: z.string() },
      responses: { 200: { description: 'The thread', schema: smsThreadDetailSchema } },
      errors: {
        400: 'The phone is not a valid phone number',
        404: 'No thread with this number yet (POST …/read starts it)',
      },
    }),
    requireAuth(),
    async (ctx) => {
      const { tenantId } = authOf(ctx);
      const phone = phoneOf(ctx.params.phone ?? '', 'phone', region);
      const thread = await findThreadByPhone(pool, tenantId, phone);
      if (!thread) throw notFound(THREAD_NOT_FOUND);
      const [summary, page] = await Promise.all([
        threadSummaryJson(pool, tenantId, thread.id),
        messagePageJson(pool, tenantId, thread.id),
      ]);
      ctx.type = 'application/json';
      ctx.body = `${summary?.slice(0, -1)},"messages":${page.messages},"hasOlderMessages":${page.hasOlderMessages}}`;
    },
  );

  // Opening a conversation: starts its thread if there is none yet, and nothing in it is unread any more.
  router.post(
    '/threads/:phone/read',
    routeDoc({
      summary: 'Open the thread with a phone number: starts it if new, marks it read',
      access: 'signed-in',
      params: { phone: z.string() },
      responses: { 200: { description: 'The thread', schema: smsThreadReadResponseSchema } },
      errors: { 400: 'The phone is not a valid phone number' },
    }),
    requireAuth(),
    async (ctx) => {
      const { tenantId } = authOf(ctx);
      const phone = phoneOf(ctx.params.phone ?? '', 'phone', region);
      const threadId = await inTransaction(pool, async (db) => {
        const thread = await ensureThread(db, tenantId, phone);
        if (await markThreadRead(db, tenantId, thread.id)) {
          await publishLive(db, smsChannel, tenantId, {
            type: 'thread',
            threadId: thread.id,
            phoneE164: phone,
          });
        }
        return thread.id;
      });
      ctx.body = { threadId };
    },
  );

  router.get(
    '/threads/:threadId/messages',
    routeDoc({
      summary: "A page of a thread's older messages",
      access: 'signed-in',
      params: threadIdParam,
      query: smsMessagePageQuerySchema,
      responses: { 200: { description: 'The messages, oldest first', schema: smsMessagePageSchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const { tenantId } = authOf(ctx);
      const thread = await getThread(pool, tenantId, threadIdOf(ctx.params.threadId));
      const query = smsMessagePageQuerySchema.parse(ctx.query);
      const page = await messagePageJson(pool, tenantId, thread.id, query);
      ctx.type = 'application/json';
      ctx.body = `{"messages":${page.messages},"hasOlderMessages":${page.hasOlderMessages}}`;
    },
  );

  router.patch(
    '/threads/:threadId',
    routeDoc({
      summary: "Change the thread's response preference (ask first, auto respond, never respond)",
      access: 'signed-in',
      params: threadIdParam,
      body: updateSmsThreadRequestSchema,
      responses: { 200: { description: 'The thread', schema: smsThreadSummarySchema } },
    }),
    requireAuth(),
    async (ctx) => {
      const { tenantId } = authOf(ctx);
      const threadId = threadIdOf(ctx.params.threadId);
      const input = updateSmsThreadRequestSchema.parse(ctx.request.body ?? {});
      await inTransaction(pool, async (db) => {
        const thread = await getThread(db, tenantId, threadId);
        await setResponsePreference(db, tenantId, threadId, input.responsePreference);
        await publishLive(db, smsChannel, tenantId, {
          type: 'thread',
          threadId,
          phoneE164: thread.phone_e164,
        });
      });
      ctx.type = 'application/json';
      ctx.body = await threadSummaryJson(pool, tenantId, threadId);
    },
  );

  router.post(
    '/threads/:threadId/approve',
    routeDoc({
      summary: "Send the thread's pending draft, as the user edited it",
      access: 'signed-in',
      params: threadIdParam,
      body: approveDraftRequestSchema,
      responses: { 200: { description: 'Where the sent text was stored', schema: sendSmsResponseSchema } },
      errors: { 404: 'No such thread, or it has no pending draft', 409: OPTED_OUT, 502: PROVIDER_ERROR },
    }),
    requireAuth(),
    async (ctx) => {
      const { draft } = approveDraftRequestSchema.parse(ctx.request.body ?? {});
      const sent = await approveDraft(
        pool,
        sending,
        authOf(ctx).tenantId,
        threadIdOf(ctx.params.threadId),
        draft,
      );
      ctx.body = sent;
    },
  );

  router.post(
    '/threads/:threadId/reject',
    routeDoc({
      summary: "Drop the thread's pending draft; nothing is sent",
      access: 'signed-in',
      params: threadIdParam,
      responses: { 200: { description: 'Dropped', schema: rejectDraftResponseSchema } },
      errors: { 404: 'No such thread, or it has no pending draft' },
    }),
    requireAuth(),
    async (ctx) => {
      await rejectDraft(pool, authOf(ctx).tenantId, threadIdOf(ctx.params.threadId));
      ctx.body = { rejected: true };
    },
  );

  router.post(
    '/send',
    routeDoc({
      summary: "Text a phone number from the tenant's messaging number (MMS with an https media URL)",
      access: 'signed-in',
      body: sendSmsRequestSchema,
      responses: { 201: { description: 'Where the sent text was stored', schema: sendSmsResponseSchema } },
      errors: { 409: OPTED_OUT, 502: PROVIDER_ERROR },
    }),
    requireAuth(),
    async (ctx) => {
      const input = sendSmsRequestSchema.parse(ctx.request.body ?? {});
      const to = phoneOf(input.to, 'to', region);
      const sent = await sendText(pool, sending, authOf(ctx).tenantId, {
        to,
        body: input.body,
        mediaUrl: input.mediaUrl,
      });
      ctx.status = 201;
      ctx.body = sent;
    },
  );

  router.get(
    '/status',
    routeDoc({
      summary: 'Whether sending and drafting are configured, and which variables are missing',
      access: 'signed-in',
      responses: { 200: { description: 'The configuration', schema: smsStatusResponseSchema } },
    }),
    requireAuth(),
    (ctx) => {
      ctx.body = {
        sending: { configured: sending.missing.length === 0, missing: sending.missing },
        drafts: { configured: draftsMissing.length === 0, missing: draftsMissing },
      };
    },
  );

  return router;
}
