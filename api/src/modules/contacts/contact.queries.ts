import { z } from 'zod';
import { runScoped, tenantSql } from '../../db/scoped-sql.ts';
import { containsPattern, isoSql, phoneDigitsPattern, type Queryable } from '../../db/sql-text.ts';
import { keysetPage, rankKey } from '../../lib/keyset-cursor.ts';
import { contactJsonSql } from './contact.dto.ts';

// The list's order as ascending keys: favourites first, then names beginning with a letter ("#" last,
// as the screen groups them), then by name, then id.
const FAVORITE_KEY = '(case when c.is_favorite then 0 else 1 end)';
const NOT_A_LETTER_KEY = "(case when c.name ~ '^\\s*[[:alpha:]]' then 0 else 1 end)";
const NAME_KEY = 'lower(c.name)';

// The hot list path, one page: the page's contacts by their order keys (scoped by tenant, matching the
// search, after the cursor), each beside what the list shows of its SMS thread (found by the same E.164
// number, through the thread's unique index). $2 the search's pattern, $3 its digits', $4–$7 the cursor.
const CONTACT_PAGE_SQL = tenantSql(`
  select json_build_object(
      'contact', ${contactJsonSql('c')},
      'thread', case when t.id is null then null else json_build_object(
        'id', t.id, 'unreadCount', t.unread_count, 'optedOut', t.opted_out,
        'lastMessageAt', ${isoSql('t.last_message_at')}) end
    )::text as body,
    ${FAVORITE_KEY} as favorite, ${NOT_A_LETTER_KEY} as not_a_letter, ${NAME_KEY} as name, c.id
  from contact c
  left join sms_thread t on t.tenant_id = c.tenant_id and t.phone_e164 = c.phone_primary
  where c.tenant_id = $1
    and ($2::text is null or c.name ilike $2 or c.nickname ilike $2 or c.email ilike $2
         or ($3::text is not null and regexp_replace(c.phone_primary, '\\D', '', 'g') like $3))
    and ($4::int is null or (${FAVORITE_KEY}, ${NOT_A_LETTER_KEY}, ${NAME_KEY}, c.id)
         > ($4::int, $5::int, $6::text, $7::uuid))
  order by ${FAVORITE_KEY}, ${NOT_A_LETTER_KEY}, ${NAME_KEY}, c.id
  limit $8`);

/** Where a page of the contact list ends: favourite rank, not-a-letter rank, the lowercased name, the id. */
export const contactCursorSchema = z.tuple([rankKey, rankKey, z.string().max(400), z.uuid()]);
export type ContactCursor = z.output<typeof contactCursorSchema>;

/**
 * One page of the tenant's contacts (matching `q`, after `after`), each with its thread summary or
 * null: the JSON text of the array and, when more follow, the cursor keys of the next page.
 */
export async function contactPageJson(
  db: Queryable,
  tenantId: string,
  { q, after, limit }: { q?: string; after?: ContactCursor; limit: number },
): Promise<{ body: string; next?: ContactCursor }> {
  const rows = await runScoped<{
    body: string;
    favorite: 0 | 1;
    not_a_letter: 0 | 1;
    name: string;
    id: string;
  }>(db, { tenantId }, CONTACT_PAGE_SQL, [
    containsPattern(q),
    phoneDigitsPattern(q),
    ...(after ?? [null, null, null, null]),
    limit + 1,
  ]);
  return keysetPage(rows, limit, (row): ContactCursor => [row.favorite, row.not_a_letter, row.name, row.id]);
}

const CONTACT_BY_NUMBER_SQL = tenantSql(`
  select name, nickname, relationship from contact
  where tenant_id = $1 and phone_primary = $2 order by created_at limit 1`);

const DRAFT_CONTACT_SQL = tenantSql(`
  select name, nickname, relationship, notes from contact
  where tenant_id = $1 and phone_primary = $2 order by created_at limit 1`);

/** The tenant's first contact with this primary number: only the name and relationship (no notes). */
export async function contactByNumber(db: Queryable, tenantId: string, e164: string) {
  const rows = await runScoped<{ name: string; nickname: string | null; relationship: string }>(
    db,
    { tenantId },
    CONTACT_BY_NUMBER_SQL,
    [e164],
  );
  return rows[0];
}

/** What a drafted reply may know of the sender with this number: name, relationship and notes. */
export async function draftContactByNumber(
  db: Queryable,
  tenantId: string,
  e164: string,
): Promise<
  { name: string; nickname: string | null; relationship: string; notes: string | null } | undefined
> {
  const rows = await runScoped<{
    name: string;
    nickname: string | null;
    relationship: string;
    notes: string | null;
  }>(db, { tenantId }, DRAFT_CONTACT_SQL, [e164]);
  return rows[0];
}
