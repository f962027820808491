import { APPROVALS_LIMIT, SMS_SEARCH_LIMIT } from '@annie/contracts/inbox';
import { runScoped, tenantSql } from '../../db/scoped-sql.ts';
import { containsPattern, isoSql, type Queryable } from '../../db/sql-text.ts';
import { THREAD_JOINS_SQL, THREAD_SUMMARY_JSON_SQL } from './sms-thread.sql.ts';

// Characters of context kept before the first match, and the snippet's whole length.
const BEFORE = 40;
const LENGTH = 120;

// The tenant's texts whose body holds $3 (ILIKE, wildcards literal), newest first, at most $4: each
// named by its thread's contact (found by number) and cut to a snippet around the first match of $2.
const SEARCH_SQL = tenantSql(`
  select coalesce(json_agg(json_build_object(
      'messageId', m.id, 'threadId', t.id, 'phoneE164', t.phone_e164,
      'displayName', coalesce(nullif(c.nickname, ''), c.name, t.phone_e164),
      'contactKnown', c.id is not null,
      'direction', m.direction, 'createdAt', ${isoSql('m.created_at')},
      'snippet', case when m.start > 1 then '…' else '' end
        || substr(m.body, m.start, ${LENGTH})
        || case when length(m.body) >= m.start + ${LENGTH} then '…' else '' end)
    order by m.created_at desc, m.id desc), '[]')::text as body
  from (
    select found.*, greatest(strpos(lower(found.body), lower($2::text)) - ${BEFORE}, 1) as start
    from (
      select id, thread_id, tenant_id, body, direction, created_at from sms_message
      where tenant_id = $1 and body ilike $3
      order by created_at desc, id desc
      limit $4
    ) found
  ) m
  join sms_thread t on t.tenant_id = m.tenant_id and t.id = m.thread_id
  left join contact c on c.tenant_id = t.tenant_id and c.phone_primary = t.phone_e164`);

/** JSON text of `{items}`: the tenant's newest texts containing `q`, each with a snippet around it. */
export async function searchMessagesJson(db: Queryable, tenantId: string, q: string): Promise<string> {
  const rows = await runScoped<{ body: string }>(db, { tenantId }, SEARCH_SQL, [
    q,
    containsPattern(q),
    SMS_SEARCH_LIMIT,
  ]);
  return `{"items":${rows[0]?.body ?? '[]'}}`;
}

const PENDING_DRAFTS_SQL = tenantSql(`
  select count(distinct thread_id)::int as count from sms_draft where tenant_id = $1 and status = 'pending'`);

/** How many of the tenant's threads have a draft waiting for approval (a thread shows its latest one). */
export async function pendingDraftCount(db: Queryable, tenantId: string): Promise<number> {
  const rows = await runScoped<{ count: number }>(db, { tenantId }, PENDING_DRAFTS_SQL, []);
  return rows[0]?.count ?? 0;
}

// The tenant's threads whose latest pending draft waits, the longest-waiting first.
const DRAFT_THREADS_SQL = tenantSql(`
  select coalesce(json_agg(waiting.body order by waiting.drafted_at, waiting.id), '[]')::text as body
  from (
    select ${THREAD_SUMMARY_JSON_SQL} as body, d.created_at as drafted_at, t.id
    from sms_thread t ${THREAD_JOINS_SQL}
    where t.tenant_id = $1 and d.id is not null
    order by d.created_at, t.id
    limit ${APPROVALS_LIMIT}
  ) waiting`);

/** JSON text of the thread summaries whose draft waits for approval, the longest-waiting first. */
export async function draftThreadsJson(db: Queryable, tenantId: string): Promise<string> {
  const rows = await runScoped<{ body: string }>(db, { tenantId }, DRAFT_THREADS_SQL, []);
  return rows[0]?.body ?? '[]';
}
