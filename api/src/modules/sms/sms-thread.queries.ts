import { SMS_THREAD_PAGE_SIZE } from '@annie/api-client/contracts/sms';
import { z } from 'zod';
import { containsPattern, phoneDigitsPattern, type Queryable } from '../../db/sql-text.ts';
import { keysetPage, rankKey } from '../../lib/keyset-cursor.ts';
import { messageJsonSql, THREAD_JOINS_SQL, THREAD_SUMMARY_JSON_SQL } from './sms-thread.sql.ts';

// The list's order as ascending keys: family first, then threads with messages newest first, then id.
const FAMILY_KEY = `(case when c.relationship = 'family' then 0 else 1 end)`;
const NO_MESSAGES_KEY = '(case when t.last_message_at is null then 1 else 0 end)';
const NEGATED_AT_KEY = 'coalesce(-extract(epoch from t.last_message_at), 0)';

// The hot list path, one page: the page's threads found by their order keys alone (thread and contact,
// scoped by tenant, matching the search, after the cursor), then only those built into summaries.
// $2 the search as an ILIKE pattern, $3 its digits as one (a number typed any way), $4–$7 the cursor.
const THREAD_PAGE_SQL = `
  with page as (
    select t.id, ${FAMILY_KEY} as family, ${NO_MESSAGES_KEY} as no_messages, ${NEGATED_AT_KEY} as negated_at
    from sms_thread t
    left join contact c on c.tenant_id = t.tenant_id and c.phone_primary = t.phone_e164
    where t.tenant_id = $1
      and ($2::text is null or c.name ilike $2 or c.nickname ilike $2 or t.phone_e164 ilike $2
           or ($3::text is not null and regexp_replace(t.phone_e164, '\\D', '', 'g') like $3))
      and ($4::int is null or (${FAMILY_KEY}, ${NO_MESSAGES_KEY}, ${NEGATED_AT_KEY}, t.id)
           > ($4::int, $5::int, $6::numeric, $7::uuid))
    order by 2, 3, 4, 1
    limit $8
  )
  select ${THREAD_SUMMARY_JSON_SQL}::text as body,
    page.family, page.no_messages, page.negated_at::text as negated_at, page.id
  from page join sms_thread t on t.id = page.id ${THREAD_JOINS_SQL}
  order by page.family, page.no_messages, page.negated_at, page.id`;

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

/** JSON text of the tenant's threads of `ids`, in the list's order (other tenants' ids match nothing). */
export async function someThreadsJson(db: Queryable, tenantId: string, ids: string[]): Promise<string> {
  const { rows } = await db.query<{ body: string }>(SOME_THREADS_SQL, [tenantId, ids]);
  return rows[0]?.body ?? '[]';
}

/** Where a page of the thread list ends: family rank, no-messages rank, the negated epoch, the id. */
export const threadCursorSchema = z.tuple([rankKey, rankKey, z.string().regex(/^-?\d+(\.\d+)?$/), z.uuid()]);
export type ThreadCursor = z.output<typeof threadCursorSchema>;

/**
 * One page of the tenant's threads (matching `q`, after `after`): the JSON text of the array and, when
 * more follow, the cursor keys of the next page.
 */
export async function threadPageJson(
  db: Queryable,
  tenantId: string,
  { q, after, limit }: { q?: string; after?: ThreadCursor; limit: number },
): Promise<{ body: string; next?: ThreadCursor }> {
  const { rows } = await db.query<{
    body: string;
    family: 0 | 1;
    no_messages: 0 | 1;
    negated_at: string;
    id: string;
  }>(THREAD_PAGE_SQL, [
    tenantId,
    containsPattern(q),
    phoneDigitsPattern(q),
    ...(after ?? [null, null, null, null]),
    limit + 1,
  ]);
  return keysetPage(
    rows,
    limit,
    (row): ThreadCursor => [row.family, row.no_messages, row.negated_at, row.id],
  );
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
