import type { SmsStatus } from '@annie/contracts/sms';
import type { Pool } from '../../db/pool.ts';
import { runScoped } from '../../db/scoped-sql.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { JobSender } from '../../jobs/job-sender.ts';
import { publishLive } from '../../live/live-channel.ts';
import { TWILIO_UNSUBSCRIBED_RECIPIENT } from '../../providers/twilio/twilio-sms.ts';
import { smsKeywordOf } from './sms-keywords.ts';
import { smsChannel } from './sms-live.ts';
import { applyStatusCallbackRow, INSERT_INBOUND_SQL, type StatusCallback } from './sms-message.queries.ts';
import { smsDraftQueue } from './sms-queues.ts';
import { CALLBACK_STATUSES } from './sms-status-order.ts';
import { ensureThread, noteLastMessage, setOptedOut } from './sms-thread.service.ts';

/** An incoming text as Twilio posts it, already checked to be signed and addressed to this tenant. */
export type InboundText = { messageSid: string; from: string; body: string; mediaUrls: string[] };

/** The media URLs of an incoming MMS (MediaUrl0…MediaUrl{NumMedia-1}). */
export function mediaUrlsOf(params: Record<string, string>): string[] {
  const count = Math.min(Number.parseInt(params.NumMedia ?? '0', 10) || 0, 10);
  return Array.from({ length: count }, (_, index) => params[`MediaUrl${index}`]).filter(
    (url): url is string => typeof url === 'string' && url.startsWith('https://'),
  );
}

/**
 * Stores an incoming text once per MessageSid (Twilio redelivers), counts it unread, applies opt-out
 * keywords, queues its draft in the same transaction (when drafts are on and the thread wants them)
 * and announces it. Answers false for a redelivery, which changes nothing.
 */
export async function recordInboundText(
  pool: Pool,
  jobs: JobSender,
  tenantId: string,
  text: InboundText,
  options: { draftsEnabled: boolean },
): Promise<boolean> {
  return inTransaction(pool, async (db) => {
    const thread = await ensureThread(db, tenantId, text.from);
    const [message] = await runScoped<{ id: string; created_at: Date }>(
      db,
      { tenantId },
      INSERT_INBOUND_SQL,
      [thread.id, text.body, text.mediaUrls, text.messageSid],
    );
    if (!message) return false;
    await noteLastMessage(db, tenantId, thread.id, {
      body: text.body,
      direction: 'inbound',
      createdAt: message.created_at,
    });
    const keyword = smsKeywordOf(text.body);
    if (keyword === 'opt_out') await setOptedOut(db, tenantId, thread.id, true);
    if (keyword === 'opt_in') await setOptedOut(db, tenantId, thread.id, false);
    const wantsDraft = !keyword && !thread.opted_out && thread.preference !== 'never_respond';
    if (options.draftsEnabled && wantsDraft) {
      await jobs.send(smsDraftQueue, { tenantId, inboundMessageId: message.id }, { db, id: message.id });
    }
    await publishLive(db, smsChannel, tenantId, {
      type: 'message',
      threadId: thread.id,
      phoneE164: thread.phone_e164,
    });
    return true;
  });
}

/**
 * Applies a status callback to the outbound message it names (by our id from the callback URL, else by
 * its sid). Statuses only move forward; 21610 marks the thread opted out. False when nothing changed.
 */
export async function applyStatusCallback(pool: Pool, callback: StatusCallback): Promise<boolean> {
  if (!CALLBACK_STATUSES.includes(callback.status as SmsStatus)) return false;
  return inTransaction(pool, async (db) => {
    const changed = await applyStatusCallbackRow(db, callback);
    if (!changed) return false;
    if (callback.errorCode === TWILIO_UNSUBSCRIBED_RECIPIENT) {
      await setOptedOut(db, changed.tenant_id, changed.thread_id, true);
    }
    await publishLive(db, smsChannel, changed.tenant_id, {
      type: 'status',
      threadId: changed.thread_id,
      phoneE164: changed.phone_e164,
    });
    return true;
  });
}
