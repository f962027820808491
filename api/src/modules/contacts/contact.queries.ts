import { isoSql, type Queryable } from '../../db/sql-text.ts';
import { contactJsonSql } from './contact.dto.ts';

// The hot list path: one plain query scoped by tenant, PostgreSQL building the JSON, each contact beside
// what the list shows of its SMS thread (found by the same E.164 number, through the thread's unique index).
const LIST_CONTACTS_SQL = `
  select coalesce(json_agg(json_build_object(
    'contact', ${contactJsonSql('c')},
    'thread', case when t.id is null then null else json_build_object(
      'id', t.id, 'unreadCount', t.unread_count, 'optedOut', t.opted_out,
      'lastMessageAt', ${isoSql('t.last_message_at')}) end
  ) order by lower(c.name), c.id), '[]')::text as body
  from contact c
  left join sms_thread t on t.tenant_id = c.tenant_id and t.phone_e164 = c.phone_primary
  where c.tenant_id = $1`;

/** The SQL behind GET /api/contacts, exported so the benchmark runs exactly the same query. */
export const listContactsSql = LIST_CONTACTS_SQL;

/** JSON text of the tenant's contacts by name, each with its thread summary or null. */
export async function listContactsJson(db: Queryable, tenantId: string): Promise<string> {
  const { rows } = await db.query<{ body: string }>(LIST_CONTACTS_SQL, [tenantId]);
  return rows[0]?.body ?? '[]';
}
