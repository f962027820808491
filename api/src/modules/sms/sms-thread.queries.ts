import { SMS_THREAD_PAGE_SIZE } from '@annie/api-client/contracts/sms';
import type { Queryable } from '../../db/sql-text.ts';
import { messageJsonSql, THREAD_JOINS_SQL, THREAD_SUMMARY_JSON_SQL } from './sms-thread.sql.ts';

// The hot list path: one plain query scoped by tenant, one row per thread (the last message and the
// unread count live on the thread), family first, then newest.
const LIST_THREADS_SQL = `
  select coalesce(json_agg(${THREAD_SUMMARY_JSON_SQL}
    order by (c.relationship = 'family') desc nulls last, t.last_message_at desc nulls last, t.id), '[]')::text as body
  from sms_thread t ${THREAD_JOINS_SQL}
  where t.tenant_id = $1`;

// The same rows for some threads only (a live event named them); ids of other tenants match nothing.
const SOME_THREADS_SQL = `
  select coalesce(json_agg(${THREAD_SUMMARY_JSON_SQL}
    order by (c.relationship = 'family') desc nulls last, t.last_message_at desc nulls last, t.id), '[]')::text as body
  from sms_thread t ${THREAD_JOINS_SQL}
  where t.tenant_id = $1 and t.id = any($2::uuid[])`;

const THREAD_SQL = `
  select ${THREAD_SUMMARY_JSON_SQL}::text as body
  from sms_thread t ${THREAD_JOINS_SQL}
  where t.tenant_id = $1 and t.id = $2`;

// The newest page (one more than asked, to know whether older ones exist), returned oldest first.
const MESSAGES_SQL = `
  select coalesce(json_agg(${messageJsonSql('m')} order by m.created_at, m.id), '[]')::text as body,
    count(*)::int as count
  from (
    select * from sms_message m
    where m.tenant_id = $1 and m.thread_id = $2
      and ($3::uuid is null or (m.created_at, m.id) < (
        select b.created_at, b.id from sms_message b where b.id = $3 and b.thread_id = $2))
    order by m.created_at desc, m.id desc
    limit $4
  ) m`;

/** The SQL behind GET /api/sms/threads, exported so the benchmark runs exactly the same query. */
export const listThreadsSql = LIST_THREADS_SQL;

/**
 * JSON text of the tenant's threads (only those of `ids` when given): family first, then newest
 * message first.
 */
export async function listThreadsJson(db: Queryable, tenantId: string, ids?: string[]): Promise<string> {
  const { rows } = ids
    ? await db.query<{ body: string }>(SOME_THREADS_SQL, [tenantId, ids])
    : await db.query<{ body: string }>(LIST_THREADS_SQL, [tenantId]);
  return rows[0]?.body ?? '[]';
}

/** JSON text of one thread's summary, or undefined when the tenant has no such thread. */
export async function threadSummaryJson(db: Queryable, tenantId: string, threadId: string) {
  const { rows } = await db.query<{ body: string }>(THREAD_SQL, [tenantId, threadId]);
  return rows[0]?.body;
}

/**
 * JSON text of up to `limit` messages of a thread (the newest, or those before `before`), oldest
 * first, and whether older ones remain.
 */
export async function messagePageJson(
  db: Queryable,
  tenantId: string,
  threadId: string,
  options: { before?: string; limit?: number } = {},
): Promise<{ messages: string; hasOlderMessages: boolean }> {
  const limit = options.limit ?? SMS_THREAD_PAGE_SIZE;
  const page = await db.query<{ body: string; count: number }>(MESSAGES_SQL, [
    tenantId,
    threadId,
    options.before ?? null,
    limit + 1,
  ]);
  const row = page.rows[0];
  if (!row || row.count <= limit) return { messages: row?.body ?? '[]', hasOlderMessages: false };
  // One extra row was read to learn that older messages exist; drop it (the oldest, first in the array).
  const messages = JSON.parse(row.body) as unknown[];
  return { messages: JSON.stringify(messages.slice(1)), hasOlderMessages: true };
}
