import type { Pool } from '../../db/pool.ts';
import { runScoped } from '../../db/scoped-sql.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/http-errors.ts';
import { publishLive } from '../../live/live-channel.ts';
import { smsChannel } from './sms-live.ts';
import {
  DECIDE_DRAFT_SQL,
  INSERT_DRAFT_SQL,
  MARK_DRAFT_AUTO_SENT_SQL,
  SUPERSEDE_DRAFTS_SQL,
} from './sms-message.queries.ts';
import { type SentText, sendText } from './sms-send.service.ts';
import type { SmsSending } from './sms-sending.ts';
import { getThread } from './sms-thread.service.ts';

export const NO_PENDING_DRAFT = 'This thread has no pending draft';

/** Stores a draft for an inbound text once (a retried job finds it there) and retires older pending ones. */
export async function storeDraft(
  pool: Pool,
  draft: { tenantId: string; threadId: string; phoneE164: string; inboundMessageId: string; body: string },
): Promise<string | undefined> {
  return inTransaction(pool, async (db) => {
    const scope = { tenantId: draft.tenantId };
    const rows = await runScoped<{ id: string }>(db, scope, INSERT_DRAFT_SQL, [
      draft.threadId,
      draft.inboundMessageId,
      draft.body,
    ]);
    const id = rows[0]?.id;
    if (!id) return undefined;
    await runScoped(db, scope, SUPERSEDE_DRAFTS_SQL, [draft.threadId, id]);
    await publishLive(db, smsChannel, draft.tenantId, {
      type: 'draft',
      threadId: draft.threadId,
      phoneE164: draft.phoneE164,
    });
    return id;
  });
}

/** Moves the thread's pending draft to `status`; the draft's id, or 404 when none is pending. */
async function decidePendingDraft(
  pool: Pool,
  tenantId: string,
  threadId: string,
  status: 'approved' | 'rejected' | 'pending',
  from: 'pending' | 'approved' = 'pending',
  draftId?: string,
): Promise<string> {
  const rows = await runScoped<{ id: string }>(pool, { tenantId }, DECIDE_DRAFT_SQL, [
    threadId,
    status,
    from,
    draftId ?? null,
  ]);
  if (!rows[0]) throw notFound(NO_PENDING_DRAFT);
  return rows[0].id;
}

/**
 * Sends the pending draft as the user edited it. The draft is claimed first, so two clicks send once;
 * if sending fails it is pending again and the user can retry.
 */
export async function approveDraft(
  pool: Pool,
  sending: SmsSending,
  tenantId: string,
  threadId: string,
  text: string,
): Promise<SentText | undefined> {
  const thread = await getThread(pool, tenantId, threadId);
  const draftId = await decidePendingDraft(pool, tenantId, threadId, 'approved');
  try {
    return await sendText(pool, sending, tenantId, { to: thread.phone_e164, body: text });
  } catch (error) {
    await decidePendingDraft(pool, tenantId, threadId, 'pending', 'approved', draftId);
    throw error;
  }
}

/** Drops the pending draft; nothing is sent. */
export async function rejectDraft(pool: Pool, tenantId: string, threadId: string): Promise<void> {
  const thread = await getThread(pool, tenantId, threadId);
  await decidePendingDraft(pool, tenantId, threadId, 'rejected');
  await publishLive(pool, smsChannel, tenantId, { type: 'draft', threadId, phoneE164: thread.phone_e164 });
}

/** Marks a draft as sent automatically (auto_respond). */
export async function markDraftAutoSent(pool: Pool, tenantId: string, draftId: string): Promise<void> {
  await runScoped(pool, { tenantId }, MARK_DRAFT_AUTO_SENT_SQL, [draftId]);
}
