import { tenantSql } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';
import { statusRankSql } from './sms-status-order.ts';

// Messages are written through their thread, so a thread of another tenant stores nothing.

/** An outbound text in thread $2 (at most one automatic reply to inbound message $5); its id and time. */
export const INSERT_OUTBOUND_SQL = tenantSql(`
  insert into sms_message (id, tenant_id, thread_id, direction, body, media_urls, status, auto_reply_to)
  select gen_random_uuid(), t.tenant_id, t.id, 'outbound', $3::text, $4::text[], 'accepted', $5::uuid
  from sms_thread t where t.tenant_id = $1 and t.id = $2
  on conflict (auto_reply_to) do nothing
  returning id, created_at`);

/** An inbound text in thread $2, stored once per Twilio message sid $5; its id and time. */
export const INSERT_INBOUND_SQL = tenantSql(`
  insert into sms_message (id, tenant_id, thread_id, direction, body, media_urls, status, twilio_sid)
  select gen_random_uuid(), t.tenant_id, t.id, 'inbound', $3::text, $4::text[], 'received', $5::text
  from sms_thread t where t.tenant_id = $1 and t.id = $2
  on conflict (twilio_sid) do nothing
  returning id, created_at`);

// What Twilio answered for outbound message $2: its sid, a status that only moves forward, an error.
export const RECORD_SEND_RESULT_SQL = tenantSql(`
  update sms_message set twilio_sid = coalesce(twilio_sid, $3), error_code = coalesce($5, error_code),
    status = case when ${statusRankSql('status')} < ${statusRankSql('$4::text')} then $4 else status end,
    updated_at = now()
  where tenant_id = $1 and id = $2`);

/** The inbound text $2 a draft answers. */
export const INBOUND_FOR_DRAFT_SQL = tenantSql(`
  select thread_id, body from sms_message where tenant_id = $1 and id = $2 and direction = 'inbound'`);

/** The last $4 messages of thread $2 up to message $3, oldest first. */
export const RECENT_MESSAGES_SQL = tenantSql(`
  select direction, body from (
    select direction, body, created_at, id from sms_message
    where tenant_id = $1 and thread_id = $2
      and created_at <= (select created_at from sms_message where tenant_id = $1 and id = $3)
    order by created_at desc, id desc limit $4) r
  order by created_at, id`);

/** Claims thread $2's automatic-reply slot unless one was used in the last $3 seconds; a row if claimed. */
export const CLAIM_AUTO_REPLY_SQL = tenantSql(`
  update sms_thread set last_auto_reply_at = now()
  where tenant_id = $1 and id = $2
    and (last_auto_reply_at is null or last_auto_reply_at < now() - make_interval(secs => $3))
  returning id`);

/** A pending draft for inbound text $3 of thread $2, stored once; its id when new. */
export const INSERT_DRAFT_SQL = tenantSql(`
  insert into sms_draft (id, tenant_id, thread_id, inbound_message_id, body)
  select gen_random_uuid(), t.tenant_id, t.id, $3::uuid, $4::text
  from sms_thread t where t.tenant_id = $1 and t.id = $2
  on conflict (inbound_message_id) do nothing returning id`);

/** Retires thread $2's other pending drafts than $3. */
export const SUPERSEDE_DRAFTS_SQL = tenantSql(`
  update sms_draft set status = 'superseded', decided_at = now()
  where tenant_id = $1 and thread_id = $2 and status = 'pending' and id <> $3`);

/** Moves thread $2's latest draft in status $4 (draft $5 when given) to status $3; its id. */
export const DECIDE_DRAFT_SQL = tenantSql(`
  update sms_draft set status = $3, decided_at = case when $3 = 'pending' then null else now() end
  where tenant_id = $1
    and id = (select id from sms_draft where tenant_id = $1 and thread_id = $2 and status = $4
              and ($5::uuid is null or id = $5) order by created_at desc limit 1)
    and status = $4
  returning id`);

export const MARK_DRAFT_AUTO_SENT_SQL = tenantSql(`
  update sms_draft set status = 'auto_sent', decided_at = now() where tenant_id = $1 and id = $2`);

/** A status callback as Twilio posts it: the message by our id or by Twilio's sid. */
export type StatusCallback = { messageId?: string; messageSid?: string; status: string; errorCode?: number };

/**
 * Moves the outbound message a callback names on to its status (only forward); the message's tenant,
 * thread and number when it changed. Not tenant-scoped: the callback carries no tenant (Twilio signs
 * it), so the message it names decides the tenant.
 */
export async function applyStatusCallbackRow(
  db: Queryable,
  callback: StatusCallback,
): Promise<{ tenant_id: string; thread_id: string; phone_e164: string } | undefined> {
  const { rows } = await db.query<{ tenant_id: string; thread_id: string; phone_e164: string }>(
    `update sms_message m set status = $3, error_code = coalesce($4, m.error_code),
       twilio_sid = coalesce(m.twilio_sid, $2), updated_at = now()
     from sms_thread t
     where t.id = m.thread_id and m.direction = 'outbound'
       and (m.id = $1::uuid or ($1::uuid is null and m.twilio_sid = $2))
       and ${statusRankSql('m.status')} < ${statusRankSql('$3::text')}
     returning m.tenant_id, m.thread_id, t.phone_e164`,
    [callback.messageId ?? null, callback.messageSid ?? null, callback.status, callback.errorCode ?? null],
  );
  return rows[0];
}
