import type { ResponsePreference } from '@annie/api-client/contracts/sms';
import type { Queryable } from '../../db/sql-text.ts';
import { notFound } from '../../lib/http-errors.ts';

export const THREAD_NOT_FOUND = 'Thread not found';

/** What the services need to know about a thread. */
export type ThreadRow = {
  id: string;
  tenant_id: string;
  phone_e164: string;
  opted_out: boolean;
  /** The thread's own preference, else its contact's smsPreference, else ask_first. */
  preference: ResponsePreference;
};

const THREAD_ROW_SQL = `
  select t.id, t.tenant_id, t.phone_e164, t.opted_out,
    coalesce(t.response_preference, c.sms_preference, 'ask_first') as preference
  from sms_thread t
  left join contact c on c.tenant_id = t.tenant_id and c.phone_primary = t.phone_e164`;

/** The tenant's thread with this number, created when it does not exist yet (one per number). */
export async function ensureThread(db: Queryable, tenantId: string, phoneE164: string): Promise<ThreadRow> {
  await db.query(
    `insert into sms_thread (id, tenant_id, phone_e164) values (gen_random_uuid(), $1, $2)
     on conflict (tenant_id, phone_e164) do nothing`,
    [tenantId, phoneE164],
  );
  const { rows } = await db.query<ThreadRow>(
    `${THREAD_ROW_SQL} where t.tenant_id = $1 and t.phone_e164 = $2`,
    [tenantId, phoneE164],
  );
  const thread = rows[0];
  if (!thread) throw new Error(`Thread for ${phoneE164} vanished`);
  return thread;
}

/** The tenant's thread with this number, if there is one; creates nothing. */
export async function findThreadByPhone(
  db: Queryable,
  tenantId: string,
  phoneE164: string,
): Promise<ThreadRow | undefined> {
  const { rows } = await db.query<ThreadRow>(
    `${THREAD_ROW_SQL} where t.tenant_id = $1 and t.phone_e164 = $2`,
    [tenantId, phoneE164],
  );
  return rows[0];
}

/** One of the tenant's threads by id. */
export async function getThread(db: Queryable, tenantId: string, threadId: string): Promise<ThreadRow> {
  const { rows } = await db.query<ThreadRow>(`${THREAD_ROW_SQL} where t.tenant_id = $1 and t.id = $2`, [
    tenantId,
    threadId,
  ]);
  if (!rows[0]) throw notFound(THREAD_NOT_FOUND);
  return rows[0];
}

/** The user opened the thread: nothing in it is unread any more. */
export async function markThreadRead(db: Queryable, tenantId: string, threadId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'update sms_thread set unread_count = 0 where tenant_id = $1 and id = $2 and unread_count > 0',
    [tenantId, threadId],
  );
  return (rowCount ?? 0) > 0;
}

/** Sets what the assistant does with this thread's inbound texts. */
export async function setResponsePreference(
  db: Queryable,
  tenantId: string,
  threadId: string,
  preference: ResponsePreference,
): Promise<void> {
  const { rowCount } = await db.query(
    'update sms_thread set response_preference = $3 where tenant_id = $1 and id = $2',
    [tenantId, threadId, preference],
  );
  if (rowCount === 0) throw notFound(THREAD_NOT_FOUND);
}

/** Records the contact's opt-out (STOP, or Twilio's 21610) or opt-in (START). */
export async function setOptedOut(db: Queryable, threadId: string, optedOut: boolean): Promise<void> {
  await db.query(
    `update sms_thread set opted_out = $2, opted_out_at = case when $2 then now() else null end where id = $1`,
    [threadId, optedOut],
  );
}

/** Keeps the thread's copy of its last message (the newest wins), and counts an inbound one as unread. */
export async function noteLastMessage(
  db: Queryable,
  threadId: string,
  message: { body: string; direction: 'inbound' | 'outbound'; createdAt: Date },
): Promise<void> {
  await db.query(
    `update sms_thread set
       unread_count = unread_count + case when $4 = 'inbound' then 1 else 0 end,
       last_message_body = case when newer then $3 else last_message_body end,
       last_message_direction = case when newer then $4 else last_message_direction end,
       last_message_at = case when newer then $2 else last_message_at end
     from (select last_message_at is null or last_message_at <= $2 as newer from sms_thread where id = $1) latest
     where id = $1`,
    [threadId, message.createdAt, message.body, message.direction],
  );
}
