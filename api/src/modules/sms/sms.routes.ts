import * as contract from '@annie/contracts/sms-routes';
import type { Middleware } from 'koa';
import type { CountryCode } from 'libphonenumber-js';
import { ZodError, z } from 'zod';
import type { Pool } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type AppState, authOf } from '../../http/app-state.ts';
import { jsonText, type SomeRouteHandlers } from '../../http/define-route.ts';
import { notFound } from '../../lib/http-errors.ts';
import { decodeCursor, setNextLink } from '../../lib/keyset-cursor.ts';
import { toE164 } from '../../lib/phone-number.ts';
import { publishLive } from '../../live/live-channel.ts';
import { approveDraft, rejectDraft } from './sms-draft.service.ts';
import { smsChannel } from './sms-live.ts';
import { searchMessagesJson } from './sms-search.queries.ts';
import { type SentText, sendText } from './sms-send.service.ts';
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

const threadIdSchema = z.uuid();

/** What the user sent was stored: only an automatic reply (never sent from here) can be skipped. */
function storedText(sent: SentText | undefined): SentText {
  if (!sent) throw new Error('A text the user sent was not stored');
  return sent;
}

/** /api/sms: threads, one thread (read-only; POST …/read opens it), sending, drafts and the preference. */
export function smsHandlers({ pool, sending, region, draftsMissing }: SmsRouteDeps) {
  // Another tenant's thread (or a malformed id) is 404 before the query is read, whatever the query.
  const threadOfTenant: Middleware<AppState> = async (ctx, next) => {
    const threadId = threadIdSchema.safeParse(ctx.params.threadId);
    if (!threadId.success) throw notFound(THREAD_NOT_FOUND);
    await getThread(pool, authOf(ctx).tenantId, threadId.data);
    await next();
  };

  return {
    listSmsThreads: async (ctx, { query: { ids, q, after, limit }, auth }) => {
      if (ids) return { status: 200, body: jsonText(await someThreadsJson(pool, auth.tenantId, ids)) };
      const page = await threadPageJson(pool, auth.tenantId, {
        q,
        after: after === undefined ? undefined : decodeCursor(after, threadCursorSchema),
        limit,
      });
      setNextLink(ctx, contract.listSmsThreads.path, { limit: String(limit), q }, page.next);
      return { status: 200, body: jsonText(page.body) };
    },
    getSmsThread: async (_ctx, { params, auth }) => {
      const detail = await threadDetailJson(pool, auth.tenantId, phoneOf(params.phone, 'phone', region));
      if (detail === undefined) throw notFound(THREAD_NOT_FOUND);
      return { status: 200, body: jsonText(detail) };
    },
    openSmsThread: async (_ctx, { params, auth }) => {
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
      return { status: 200, body: { threadId } };
    },
    listOlderSmsMessages: {
      before: [threadOfTenant],
      handle: async (_ctx, { params, query, auth }) => {
        const page = await messagePageJson(pool, auth.tenantId, params.threadId, query);
        if (page === undefined) throw notFound(THREAD_NOT_FOUND);
        return { status: 200, body: jsonText(page) };
      },
    },
    updateSmsThread: async (_ctx, { params: { threadId }, body, auth: { tenantId } }) => {
      await inTransaction(pool, async (db) => {
        const thread = await getThread(db, tenantId, threadId);
        await setResponsePreference(db, tenantId, threadId, body.responsePreference);
        await publishLive(db, smsChannel, tenantId, {
          type: 'thread',
          threadId,
          phoneE164: thread.phone_e164,
        });
      });
      const summary = await threadSummaryJson(pool, tenantId, threadId);
      if (summary === undefined) throw notFound(THREAD_NOT_FOUND);
      return { status: 200, body: jsonText(summary) };
    },
    approveSmsDraft: async (_ctx, { params, body, auth }) => ({
      status: 200,
      body: storedText(await approveDraft(pool, sending, auth.tenantId, params.threadId, body.draft)),
    }),
    rejectSmsDraft: async (_ctx, { params, auth }) => {
      await rejectDraft(pool, auth.tenantId, params.threadId);
      return { status: 200, body: { rejected: true as const } };
    },
    sendSms: async (_ctx, { body, auth }) => {
      const to = phoneOf(body.to, 'to', region);
      const sent = await sendText(pool, sending, auth.tenantId, {
        to,
        body: body.body,
        mediaUrl: body.mediaUrl,
      });
      return { status: 201, body: storedText(sent) };
    },
    getSmsStatus: async () => ({
      status: 200,
      body: {
        sending: { configured: sending.missing.length === 0, missing: sending.missing },
        drafts: { configured: draftsMissing.length === 0, missing: draftsMissing },
      },
    }),
    searchSmsMessages: async (_ctx, { query, auth }) => ({
      status: 200,
      body: jsonText(await searchMessagesJson(pool, auth.tenantId, query.q)),
    }),
  } satisfies SomeRouteHandlers<typeof contract>;
}
