import type { Pool } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/http-errors.ts';
import { publishLive } from '../../live/live-channel.ts';
import { smsChannel } from './sms-live.ts';
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
    const { rows } = await db.query<{ id: string }>(
      `insert into sms_draft (id, tenant_id, thread_id, inbound_message_id, body)
       values (gen_random_uuid(), $1, $2, $3, $4)
       on conflict (inbound_message_id) do nothing returning id`,
      [draft.tenantId, draft.threadId, draft.inboundMessageId, draft.body],
    );
    const id = rows[0]?.id;
    if (!id) return undefined;
    await db.query(
      `update sms_draft set status = 'superseded', decided_at = now()
       where thread_id = $1 and status = 'pending' and id <> $2`,
      [draft.threadId, id],
    );
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
  const { rows } = await pool.query<{ id: string }>(
    `update sms_draft set status = $3, decided_at = case when $3 = 'pending' then null else now() end
     where id = (select id from sms_draft where tenant_id = $1 and thread_id = $2 and status = $4
                   and ($5::uuid is null or id = $5) order by created_at desc limit 1)
       and status = $4
     returning id`,
    [tenantId, threadId, status, from, draftId ?? null],
  );
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
export async function markDraftAutoSent(pool: Pool, draftId: string): Promise<void> {
  await pool.query(`update sms_draft set status = 'auto_sent', decided_at = now() where id = $1`, [draftId]);
}
