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
import type { Middleware } from 'koa';
import type { CountryCode } from 'libphonenumber-js';
import { ZodError, z } from 'zod';
import type { Pool } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type AppState, authOf } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { notFound } from '../../lib/http-errors.ts';
import { decodeCursor, setNextLink } from '../../lib/keyset-cursor.ts';
import { toE164 } from '../../lib/phone-number.ts';
import { publishLive } from '../../live/live-channel.ts';
import { approveDraft, rejectDraft } from './sms-draft.service.ts';
import { smsChannel } from './sms-live.ts';
import { sendText } from './sms-send.service.ts';
import type { SmsSending } from './sms-sending.ts';
import {
  messagePageJson,
  someThreadsJson,
  threadCursorSchema,
  threadDetailJson,
  threadPageJson,
  threadSummaryJson,
} from './sms-thread.queries.ts';
import {
  ensureThread,
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

  // Another tenant's thread (or a malformed id) is 404 before the query is read, whatever the query.
  const threadOfTenant: Middleware<AppState> = async (ctx, next) => {
    const threadId = threadIdParam.threadId.safeParse(ctx.params.threadId);
    if (!threadId.success) throw notFound(THREAD_NOT_FOUND);
    await getThread(pool, authOf(ctx).tenantId, threadId.data);
    await next();
  };

  defineRoute(
    router,
    {
      method: 'get',
      path: '/threads',
      summary:
        "A page of the tenant's SMS threads, family first, then the most recent (or only those of `ids`); " +
        'a Link header (rel="next") gives the next page while more remain',
      access: 'signed-in',
      query: smsThreadListQuerySchema,
      responses: { 200: { description: 'The threads', schema: smsThreadListSchema } },
    },
    async (ctx, { query: { ids, q, after, limit }, auth }) => {
      ctx.type = 'application/json';
      if (ids) {
        ctx.body = await someThreadsJson(pool, auth.tenantId, ids);
        return;
      }
      const page = await threadPageJson(pool, auth.tenantId, {
        q,
        after: after === undefined ? undefined : decodeCursor(after, threadCursorSchema),
        limit,
      });
      setNextLink(ctx, '/api/sms/threads', { limit: String(limit), q }, page.next);
      ctx.body = page.body;
    },
  );

  // Read-only: a GET changes nothing, so a link followed from another site cannot mark a text read.
  defineRoute(
    router,
    {
      method: 'get',
      path: '/threads/:phone',
      summary: 'The thread with a phone number: its latest 200 messages (reading it changes nothing)',
      access: 'signed-in',
      params: { phone: z.string() },
      responses: { 200: { description: 'The thread', schema: smsThreadDetailSchema } },
      errors: {
        400: 'The phone is not a valid phone number',
        404: 'No thread with this number yet (POST …/read starts it)',
      },
    },
    async (ctx, { params, auth }) => {
      const detail = await threadDetailJson(pool, auth.tenantId, phoneOf(params.phone, 'phone', region));
      if (detail === undefined) throw notFound(THREAD_NOT_FOUND);
      ctx.type = 'application/json';
      ctx.body = detail;
    },
  );

  // Opening a conversation: starts its thread if there is none yet, and nothing in it is unread any more.
  defineRoute(
    router,
    {
      method: 'post',
      path: '/threads/:phone/read',
      summary: 'Open the thread with a phone number: starts it if new, marks it read',
      access: 'signed-in',
      params: { phone: z.string() },
      responses: { 200: { description: 'The thread', schema: smsThreadReadResponseSchema } },
      errors: { 400: 'The phone is not a valid phone number' },
    },
    async (ctx, { params, auth }) => {
      const { tenantId } = auth;
      const phone = phoneOf(params.phone, 'phone', region);
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

  defineRoute(
    router,
    {
      method: 'get',
      path: '/threads/:threadId/messages',
      summary: "A page of a thread's older messages",
      access: 'signed-in',
      params: threadIdParam,
      notFound: THREAD_NOT_FOUND,
      before: [threadOfTenant],
      query: smsMessagePageQuerySchema,
      responses: { 200: { description: 'The messages, oldest first', schema: smsMessagePageSchema } },
    },
    async (ctx, { params, query, auth }) => {
      const page = await messagePageJson(pool, auth.tenantId, params.threadId, query);
      if (page === undefined) throw notFound(THREAD_NOT_FOUND);
      ctx.type = 'application/json';
      ctx.body = page;
    },
  );

  defineRoute(
    router,
    {
      method: 'patch',
      path: '/threads/:threadId',
      summary: "Change the thread's response preference (ask first, auto respond, never respond)",
      access: 'signed-in',
      params: threadIdParam,
      notFound: THREAD_NOT_FOUND,
      body: updateSmsThreadRequestSchema,
      responses: { 200: { description: 'The thread', schema: smsThreadSummarySchema } },
    },
    async (ctx, { params: { threadId }, body, auth: { tenantId } }) => {
      await inTransaction(pool, async (db) => {
        const thread = await getThread(db, tenantId, threadId);
        await setResponsePreference(db, tenantId, threadId, body.responsePreference);
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

  defineRoute(
    router,
    {
      method: 'post',
      path: '/threads/:threadId/approve',
      summary: "Send the thread's pending draft, as the user edited it",
      access: 'signed-in',
      params: threadIdParam,
      notFound: THREAD_NOT_FOUND,
      body: approveDraftRequestSchema,
      responses: { 200: { description: 'Where the sent text was stored', schema: sendSmsResponseSchema } },
      errors: { 404: 'No such thread, or it has no pending draft', 409: OPTED_OUT, 502: PROVIDER_ERROR },
    },
    async (ctx, { params, body, auth }) => {
      ctx.body = await approveDraft(pool, sending, auth.tenantId, params.threadId, body.draft);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/threads/:threadId/reject',
      summary: "Drop the thread's pending draft; nothing is sent",
      access: 'signed-in',
      params: threadIdParam,
      notFound: THREAD_NOT_FOUND,
      responses: { 200: { description: 'Dropped', schema: rejectDraftResponseSchema } },
      errors: { 404: 'No such thread, or it has no pending draft' },
    },
    async (ctx, { params, auth }) => {
      await rejectDraft(pool, auth.tenantId, params.threadId);
      ctx.body = { rejected: true };
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/send',
      summary: "Text a phone number from the tenant's messaging number (MMS with an https media URL)",
      access: 'signed-in',
      body: sendSmsRequestSchema,
      responses: { 201: { description: 'Where the sent text was stored', schema: sendSmsResponseSchema } },
      errors: { 409: OPTED_OUT, 502: PROVIDER_ERROR },
    },
    async (ctx, { body, auth }) => {
      const to = phoneOf(body.to, 'to', region);
      const sent = await sendText(pool, sending, auth.tenantId, {
        to,
        body: body.body,
        mediaUrl: body.mediaUrl,
      });
      ctx.status = 201;
      ctx.body = sent;
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/status',
      summary: 'Whether sending and drafting are configured, and which variables are missing',
      access: 'signed-in',
      responses: { 200: { description: 'The configuration', schema: smsStatusResponseSchema } },
    },
    (ctx) => {
      ctx.body = {
        sending: { configured: sending.missing.length === 0, missing: sending.missing },
        drafts: { configured: draftsMissing.length === 0, missing: draftsMissing },
      };
    },
  );

  return router;
}
