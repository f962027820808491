import { SMS_THREAD_PAGE_SIZE, type SmsMessagePage } from '@annie/contracts/sms';
import { z } from 'zod';
import { runScoped, tenantSql } from '../../db/scoped-sql.ts';
import { containsPattern, phoneDigitsPattern, type Queryable } from '../../db/sql-text.ts';
import { jsonObjectSql } from '../../db/wire-fields.ts';
import { keysetPage, rankKey } from '../../lib/keyset-cursor.ts';
import {
  messageJsonSql,
  THREAD_JOINS_SQL,
  THREAD_SUMMARY_JSON_SQL,
  type ThreadDetailExtra,
  threadSummaryJsonSql,
} from './sms-thread.sql.ts';

// The list's order as ascending keys: family first, then threads with messages newest first, then id.
const FAMILY_KEY = `(case when c.relationship = 'family' then 0 else 1 end)`;
const NO_MESSAGES_KEY = '(case when t.last_message_at is null then 1 else 0 end)';
const NEGATED_AT_KEY = 'coalesce(-extract(epoch from t.last_message_at), 0)';

// The hot list path, one page: the page's threads found by their order keys alone (thread and contact,
// scoped by tenant, matching the search, after the cursor), then only those built into summaries.
// $2 the search as an ILIKE pattern, $3 its digits as one (a number typed any way), $4–$7 the cursor.
const THREAD_PAGE_SQL = tenantSql(`
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
  order by page.family, page.no_messages, page.negated_at, page.id`);

// The same rows for some threads only (a live event named them); ids of other tenants match nothing.
const SOME_THREADS_SQL = tenantSql(`
  select coalesce(json_agg(${THREAD_SUMMARY_JSON_SQL}
    order by (c.relationship = 'family') desc nulls last, t.last_message_at desc nulls last, t.id), '[]')::text as body
  from sms_thread t ${THREAD_JOINS_SQL}
  where t.tenant_id = $1 and t.id = any($2::uuid[])`);

const THREAD_SQL = tenantSql(`
  select ${THREAD_SUMMARY_JSON_SQL}::text as body
  from sms_thread t ${THREAD_JOINS_SQL}
  where t.tenant_id = $1 and t.id = $2`);

/**
 * A page of thread `t`'s messages as a row (`messages`, the JSON array oldest first, and `has_older`):
 * the newest `limit` (or those before the message `before`), read with one more to learn whether older
 * ones remain; that extra, oldest row is left out of the array.
 */
function messagePageSql(before: string, limit: string): string {
  return `
  select coalesce(json_agg(${messageJsonSql('m')} order by m.created_at, m.id) filter (where m.rn <= ${limit}),
      '[]') as messages,
    count(*) > ${limit} as has_older
  from (
    select newest.*, row_number() over (order by newest.created_at desc, newest.id desc) as rn
    from (
      select * from sms_message m
      where m.tenant_id = t.tenant_id and m.thread_id = t.id
        and (${before}::uuid is null or (m.created_at, m.id) < (
          select b.created_at, b.id from sms_message b where b.id = ${before} and b.thread_id = t.id))
      order by m.created_at desc, m.id desc
      limit ${limit} + 1
    ) newest
  ) m`;
}

// One thread by number: its summary and its newest messages, one JSON document.
const DETAIL_EXTRA: ThreadDetailExtra = { messages: 'page.messages', hasOlderMessages: 'page.has_older' };
const THREAD_DETAIL_SQL = tenantSql(`
  select ${threadSummaryJsonSql(DETAIL_EXTRA)}::text as body
  from sms_thread t ${THREAD_JOINS_SQL}
  cross join lateral (${messagePageSql('null', '$3::int')}) page
  where t.tenant_id = $1 and t.phone_e164 = $2`);

// A page of one thread's messages, one JSON document; no row when the tenant has no such thread.
const MESSAGE_PAGE_FIELDS: Record<keyof SmsMessagePage, string> = {
  messages: 'page.messages',
  hasOlderMessages: 'page.has_older',
};
const MESSAGE_PAGE_SQL = tenantSql(`
  select ${jsonObjectSql(MESSAGE_PAGE_FIELDS)}::text as body
  from sms_thread t
  cross join lateral (${messagePageSql('$3', '$4::int')}) page
  where t.tenant_id = $1 and t.id = $2`);

/** JSON text of the tenant's threads of `ids`, in the list's order (other tenants' ids match nothing). */
export async function someThreadsJson(db: Queryable, tenantId: string, ids: string[]): Promise<string> {
  const rows = await runScoped<{ body: string }>(db, { tenantId }, SOME_THREADS_SQL, [ids]);
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
  const rows = await runScoped<{
    body: string;
    family: 0 | 1;
    no_messages: 0 | 1;
    negated_at: string;
    id: string;
  }>(db, { tenantId }, THREAD_PAGE_SQL, [
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
export async function threadSummaryJson(
  db: Queryable,
  tenantId: string,
  threadId: string,
): Promise<string | undefined> {
  const rows = await runScoped<{ body: string }>(db, { tenantId }, THREAD_SQL, [threadId]);
  return rows[0]?.body;
}

/**
 * JSON text of the tenant's thread with this number: its summary with its newest messages (oldest
 * first) and whether older ones remain; undefined when there is no such thread.
 */
export async function threadDetailJson(
  db: Queryable,
  tenantId: string,
  phoneE164: string,
): Promise<string | undefined> {
  const rows = await runScoped<{ body: string }>(db, { tenantId }, THREAD_DETAIL_SQL, [
    phoneE164,
    SMS_THREAD_PAGE_SIZE,
  ]);
  return rows[0]?.body;
}

/**
 * JSON text of up to `limit` messages of a thread (the newest, or those before `before`), oldest
 * first, and whether older ones remain; undefined when the tenant has no such thread.
 */
export async function messagePageJson(
  db: Queryable,
  tenantId: string,
  threadId: string,
  options: { before?: string; limit?: number } = {},
): Promise<string | undefined> {
  const rows = await runScoped<{ body: string }>(db, { tenantId }, MESSAGE_PAGE_SQL, [
    threadId,
    options.before ?? null,
    options.limit ?? SMS_THREAD_PAGE_SIZE,
  ]);
  return rows[0]?.body;
}

// What the services read of a thread: its number, opt-out and effective preference (its own, else
// its contact's, else ask_first).
const THREAD_ROW_SQL = `
  select t.id, t.tenant_id, t.phone_e164, t.opted_out,
    coalesce(t.response_preference, c.sms_preference, 'ask_first') as preference
  from sms_thread t
  left join contact c on c.tenant_id = t.tenant_id and c.phone_primary = t.phone_e164`;

/** Starts the tenant's thread with number $2 unless it has one (one per number, whoever inserts first). */
export const INSERT_THREAD_SQL = tenantSql(`
  insert into sms_thread (id, tenant_id, phone_e164)
  select gen_random_uuid(), $1::text, $2::text
  where not exists (select 1 from sms_thread where tenant_id = $1 and phone_e164 = $2)
  on conflict (tenant_id, phone_e164) do nothing`);

export const THREAD_ROW_BY_PHONE_SQL = tenantSql(
  `${THREAD_ROW_SQL} where t.tenant_id = $1 and t.phone_e164 = $2`,
);

export const THREAD_ROW_BY_ID_SQL = tenantSql(`${THREAD_ROW_SQL} where t.tenant_id = $1 and t.id = $2`);

/** Nothing in thread $2 is unread any more; a row when something was. */
export const MARK_THREAD_READ_SQL = tenantSql(`
  update sms_thread set unread_count = 0 where tenant_id = $1 and id = $2 and unread_count > 0
  returning id`);

export const SET_RESPONSE_PREFERENCE_SQL = tenantSql(`
  update sms_thread set response_preference = $3 where tenant_id = $1 and id = $2
  returning id`);

export const SET_OPTED_OUT_SQL = tenantSql(`
  update sms_thread set opted_out = $3, opted_out_at = case when $3 then now() else null end
  where tenant_id = $1 and id = $2`);

// The thread's copy of its last message: the newest wins; an inbound one counts as unread.
export const NOTE_LAST_MESSAGE_SQL = tenantSql(`
  update sms_thread set
    unread_count = unread_count + case when $5 = 'inbound' then 1 else 0 end,
    last_message_body = case when newer then $4 else last_message_body end,
    last_message_direction = case when newer then $5 else last_message_direction end,
    last_message_at = case when newer then $3 else last_message_at end
  from (select last_message_at is null or last_message_at <= $3 as newer
        from sms_thread where tenant_id = $1 and id = $2) latest
  where tenant_id = $1 and id = $2`);

const OPTED_OUT_SQL = tenantSql('select opted_out from sms_thread where tenant_id = $1 and phone_e164 = $2');

/** True when the number opted out of the tenant's messages (STOP, or Twilio's 21610). */
export async function numberOptedOut(db: Queryable, tenantId: string, phoneE164: string): Promise<boolean> {
  const rows = await runScoped<{ opted_out: boolean }>(db, { tenantId }, OPTED_OUT_SQL, [phoneE164]);
  return rows[0]?.opted_out === true;
}
