import type { Pool } from '../../db/pool.ts';
import { runScoped } from '../../db/scoped-sql.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError, serviceUnavailable } from '../../lib/http-errors.ts';
import { publishLive } from '../../live/live-channel.ts';
import { TWILIO_UNSUBSCRIBED_RECIPIENT, TwilioSendError } from '../../providers/twilio/twilio-sms.ts';
import { numberOfTenant } from './messaging-number.ts';
import { smsChannel } from './sms-live.ts';
import { INSERT_OUTBOUND_SQL, RECORD_SEND_RESULT_SQL } from './sms-message.queries.ts';
import { type SmsSending, STATUS_WEBHOOK_PATH } from './sms-sending.ts';
import { ensureThread, noteLastMessage, setOptedOut } from './sms-thread.service.ts';
import { recordSentTextUsage } from './sms-usage.ts';

export const OPTED_OUT_MESSAGE = 'This contact has opted out of receiving messages';

/** A text to send. `autoReplyTo` marks the assistant's automatic answer to that inbound message. */
export type OutgoingText = { to: string; body: string; mediaUrl?: string; autoReplyTo?: string };

export type SentText = { threadId: string; messageId: string };

const optedOut = () => new HttpError(409, 'opted_out', OPTED_OUT_MESSAGE);

/**
 * Sends a text from the tenant's number. The message is stored first (so a status callback can never
 * arrive for a message the app does not know), then handed to Twilio; an opted-out number is refused
 * before Twilio is called. Answers undefined when this inbound message already has its automatic reply.
 */
export async function sendText(
  pool: Pool,
  sending: SmsSending,
  tenantId: string,
  text: OutgoingText,
): Promise<SentText | undefined> {
  const { sender, publicUrl } = sending;
  if (!sender || !publicUrl) {
    throw serviceUnavailable(`SMS sending is not configured: set ${sending.missing.join(', ')}`);
  }
  const from = await numberOfTenant(pool, tenantId, sending.defaultNumber);
  if (!from) {
    throw serviceUnavailable(
      'This tenant has no messaging number: set TWILIO_PHONE_NUMBER or assign one with messaging:number',
    );
  }
  const stored = await inTransaction(pool, async (db) => {
    const thread = await ensureThread(db, tenantId, text.to);
    if (thread.opted_out) throw optedOut();
    const [message] = await runScoped<{ id: string; created_at: Date }>(
      db,
      { tenantId },
      INSERT_OUTBOUND_SQL,
      [thread.id, text.body, text.mediaUrl ? [text.mediaUrl] : [], text.autoReplyTo ?? null],
    );
    if (!message) return undefined;
    await noteLastMessage(db, tenantId, thread.id, {
      body: text.body,
      direction: 'outbound',
      createdAt: message.created_at,
    });
    await publishLive(db, smsChannel, tenantId, { type: 'message', threadId: thread.id, phoneE164: text.to });
    return { threadId: thread.id, messageId: message.id };
  });
  if (!stored) return undefined;

  try {
    const sent = await sender.send({
      to: text.to,
      from,
      body: text.body,
      mediaUrl: text.mediaUrl,
      statusCallback: `${publicUrl}${STATUS_WEBHOOK_PATH}?messageId=${stored.messageId}`,
    });
    await recordSendResult(pool, tenantId, stored, text.to, { sid: sent.sid, status: sent.status });
    await recordSentTextUsage(pool, tenantId, stored.messageId, sent);
    return stored;
  } catch (error) {
    if (!(error instanceof TwilioSendError)) throw error;
    await recordSendResult(pool, tenantId, stored, text.to, { status: 'failed', errorCode: error.code });
    if (error.recipientOptedOut) throw optedOut();
    throw new HttpError(502, 'provider_error', error.message);
  }
}

async function recordSendResult(
  pool: Pool,
  tenantId: string,
  stored: SentText,
  phoneE164: string,
  result: { sid?: string; status: string; errorCode?: number },
): Promise<void> {
  await inTransaction(pool, async (db) => {
    // A callback may already have moved the status on: only move forward.
    await runScoped(db, { tenantId }, RECORD_SEND_RESULT_SQL, [
      stored.messageId,
      result.sid ?? null,
      result.status,
      result.errorCode ?? null,
    ]);
    if (result.errorCode === TWILIO_UNSUBSCRIBED_RECIPIENT) {
      await setOptedOut(db, tenantId, stored.threadId, true);
    }
    await publishLive(db, smsChannel, tenantId, { type: 'status', threadId: stored.threadId, phoneE164 });
  });
}
