import type { ResponsePreference } from '@annie/contracts/sms';
import { runScoped } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';
import { notFound } from '../../lib/http-errors.ts';
import {
  INSERT_THREAD_SQL,
  MARK_THREAD_READ_SQL,
  NOTE_LAST_MESSAGE_SQL,
  SET_OPTED_OUT_SQL,
  SET_RESPONSE_PREFERENCE_SQL,
  THREAD_ROW_BY_ID_SQL,
  THREAD_ROW_BY_PHONE_SQL,
} from './sms-thread.queries.ts';

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

/** The tenant's thread with this number, created when it does not exist yet (one per number). */
export async function ensureThread(db: Queryable, tenantId: string, phoneE164: string): Promise<ThreadRow> {
  await runScoped(db, { tenantId }, INSERT_THREAD_SQL, [phoneE164]);
  const thread = await findThreadByPhone(db, tenantId, phoneE164);
  if (!thread) throw new Error(`Thread for ${phoneE164} vanished`);
  return thread;
}

/** The tenant's thread with this number, if there is one; creates nothing. */
export async function findThreadByPhone(
  db: Queryable,
  tenantId: string,
  phoneE164: string,
): Promise<ThreadRow | undefined> {
  const rows = await runScoped<ThreadRow>(db, { tenantId }, THREAD_ROW_BY_PHONE_SQL, [phoneE164]);
  return rows[0];
}

/** One of the tenant's threads by id. */
export async function getThread(db: Queryable, tenantId: string, threadId: string): Promise<ThreadRow> {
  const rows = await runScoped<ThreadRow>(db, { tenantId }, THREAD_ROW_BY_ID_SQL, [threadId]);
  if (!rows[0]) throw notFound(THREAD_NOT_FOUND);
  return rows[0];
}

/** The user opened the thread: nothing in it is unread any more. */
export async function markThreadRead(db: Queryable, tenantId: string, threadId: string): Promise<boolean> {
  const rows = await runScoped(db, { tenantId }, MARK_THREAD_READ_SQL, [threadId]);
  return rows.length > 0;
}

/** Sets what the assistant does with this thread's inbound texts. */
export async function setResponsePreference(
  db: Queryable,
  tenantId: string,
  threadId: string,
  preference: ResponsePreference,
): Promise<void> {
  const rows = await runScoped(db, { tenantId }, SET_RESPONSE_PREFERENCE_SQL, [threadId, preference]);
  if (rows.length === 0) throw notFound(THREAD_NOT_FOUND);
}

/** Records the contact's opt-out (STOP, or Twilio's 21610) or opt-in (START). */
export async function setOptedOut(
  db: Queryable,
  tenantId: string,
  threadId: string,
  optedOut: boolean,
): Promise<void> {
  await runScoped(db, { tenantId }, SET_OPTED_OUT_SQL, [threadId, optedOut]);
}

/** Keeps the thread's copy of its last message (the newest wins), and counts an inbound one as unread. */
export async function noteLastMessage(
  db: Queryable,
  tenantId: string,
  threadId: string,
  message: { body: string; direction: 'inbound' | 'outbound'; createdAt: Date },
): Promise<void> {
  await runScoped(db, { tenantId }, NOTE_LAST_MESSAGE_SQL, [
    threadId,
    message.createdAt,
    message.body,
    message.direction,
  ]);
}
