import {
  approveDraftRequestSchema,
  sendSmsRequestSchema,
  smsMessagePageQuerySchema,
  updateSmsThreadRequestSchema,
} from '@annie/api-client/contracts/sms';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import { ZodError } from 'zod';
import type { Pool } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toE164 } from '../../lib/phone-number.ts';
import { uuidParam } from '../../lib/uuid-param.ts';
import { publishLive } from '../../live/live-channel.ts';
import { type AppState, authOf } from '../auth/auth-context.ts';
import { requireAuth } from '../auth/require-auth.ts';
import { approveDraft, rejectDraft } from './sms-draft.service.ts';
import { smsChannel } from './sms-live.ts';
import { sendText } from './sms-send.service.ts';
import type { SmsSending } from './sms-sending.ts';
import { listThreadsJson, messagePageJson, threadSummaryJson } from './sms-thread.queries.ts';
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

/** /api/sms: threads, one thread (opening it marks it read), sending, drafts and the preference. */
export function smsRoutes({ pool, sending, region, draftsMissing }: SmsRouteDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/sms' });
  const threadIdOf = (raw: string | undefined) => uuidParam(raw, THREAD_NOT_FOUND);

  router.get('/threads', requireAuth(), async (ctx) => {
    ctx.type = 'application/json';
    ctx.body = await listThreadsJson(pool, authOf(ctx).tenantId);
  });

  // Opening a conversation starts its thread if there is none yet, and reads it.
  router.get('/threads/:phone', requireAuth(), async (ctx) => {
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
    const [summary, page] = await Promise.all([
      threadSummaryJson(pool, tenantId, threadId),
      messagePageJson(pool, tenantId, threadId),
    ]);
    ctx.type = 'application/json';
    ctx.body = `${summary?.slice(0, -1)},"messages":${page.messages},"hasOlderMessages":${page.hasOlderMessages}}`;
  });

  router.get('/threads/:threadId/messages', requireAuth(), async (ctx) => {
    const { tenantId } = authOf(ctx);
    const thread = await getThread(pool, tenantId, threadIdOf(ctx.params.threadId));
    const query = smsMessagePageQuerySchema.parse(ctx.query);
    const page = await messagePageJson(pool, tenantId, thread.id, query);
    ctx.type = 'application/json';
    ctx.body = `{"messages":${page.messages},"hasOlderMessages":${page.hasOlderMessages}}`;
  });

  router.patch('/threads/:threadId', requireAuth(), async (ctx) => {
    const { tenantId } = authOf(ctx);
    const threadId = threadIdOf(ctx.params.threadId);
    const input = updateSmsThreadRequestSchema.parse(ctx.request.body ?? {});
    await inTransaction(pool, async (db) => {
      const thread = await getThread(db, tenantId, threadId);
      await setResponsePreference(db, tenantId, threadId, input.responsePreference);
      await publishLive(db, smsChannel, tenantId, { type: 'thread', threadId, phoneE164: thread.phone_e164 });
    });
    ctx.type = 'application/json';
    ctx.body = await threadSummaryJson(pool, tenantId, threadId);
  });

  router.post('/threads/:threadId/approve', requireAuth(), async (ctx) => {
    const { draft } = approveDraftRequestSchema.parse(ctx.request.body ?? {});
    const sent = await approveDraft(
      pool,
      sending,
      authOf(ctx).tenantId,
      threadIdOf(ctx.params.threadId),
      draft,
    );
    ctx.body = sent;
  });

  router.post('/threads/:threadId/reject', requireAuth(), async (ctx) => {
    await rejectDraft(pool, authOf(ctx).tenantId, threadIdOf(ctx.params.threadId));
    ctx.body = { rejected: true };
  });

  router.post('/send', requireAuth(), async (ctx) => {
    const input = sendSmsRequestSchema.parse(ctx.request.body ?? {});
    const to = phoneOf(input.to, 'to', region);
    const sent = await sendText(pool, sending, authOf(ctx).tenantId, {
      to,
      body: input.body,
      mediaUrl: input.mediaUrl,
    });
    ctx.status = 201;
    ctx.body = sent;
  });

  router.get('/status', requireAuth(), (ctx) => {
    ctx.body = {
      sending: { configured: sending.missing.length === 0, missing: sending.missing },
      drafts: { configured: draftsMissing.length === 0, missing: draftsMissing },
    };
  });

  return router;
}
