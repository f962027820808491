// The messaging benchmarks' data, written straight into the tables (the API has migrated them): one
// tenant's contacts, one SMS thread per contact's phone (`phoneOf(n)`), and a run of messages per thread.
import type pg from 'pg';

/** The phone number of the n-th seeded contact and thread. */
export const phoneOf = (n: number): string => `+1415${String(2000000 + n).padStart(7, '0')}`;

export interface MessagingScale {
  tenant: string;
  contacts: number;
  threads: number;
  messagesPerThread: number;
}

/** Inserts `contacts` contacts, `threads` threads and `messagesPerThread` messages in each, then analyzes. */
export async function seedMessaging(
  db: pg.Client,
  { tenant, contacts, threads, messagesPerThread }: MessagingScale,
): Promise<void> {
  await db.query(
    `insert into contact (id, tenant_id, name, nickname, relationship, phone_primary, email, is_favorite)
     select gen_random_uuid(), $1, 'Contact ' || lpad(n::text, 5, '0'), case when n % 3 = 0 then 'Nick' || n end,
       (array['family','friend','work','medical','service','other'])[1 + n % 6],
       '+1415' || lpad((2000000 + n)::text, 7, '0'), 'c' || n || '@example.test', n % 50 = 0
     from generate_series(0, $2 - 1) n`,
    [tenant, contacts],
  );
  await db.query(
    `insert into sms_thread (id, tenant_id, phone_e164, unread_count, last_message_at, last_message_body, last_message_direction)
     select gen_random_uuid(), $1, '+1415' || lpad((2000000 + n)::text, 7, '0'), n % 4,
       now() - (n || ' minutes')::interval, 'Last message ' || n, 'inbound'
     from generate_series(0, $2 - 1) n`,
    [tenant, threads],
  );
  await db.query(
    `insert into sms_message (id, tenant_id, thread_id, direction, body, status, created_at)
     select gen_random_uuid(), t.tenant_id, t.id, case when m % 2 = 0 then 'inbound' else 'outbound' end,
       'Message ' || m || ' about the quarterly numbers and the dinner on Friday',
       case when m % 2 = 0 then 'received' else 'delivered' end,
       t.last_message_at - (m || ' minutes')::interval
     from sms_thread t, generate_series(0, $1 - 1) m`,
    [messagesPerThread],
  );
  await db.query('vacuum analyze');
}
