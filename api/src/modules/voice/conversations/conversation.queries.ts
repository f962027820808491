import { runScoped, userSql } from '../../../db/scoped-sql.ts';
import type { Queryable } from '../../../db/sql-text.ts';
import { conversationJsonSql } from './conversation.dto.ts';

// One plain query scoped by tenant AND user: conversations are personal.
const LIST_CONVERSATIONS_SQL = userSql(`
  select coalesce(json_agg(${conversationJsonSql('c')} order by c.started_at desc, c.id), '[]')::text as body
  from voice_conversation c
  where c.tenant_id = $1 and c.user_id = $2`);

/** JSON text of the user's conversations, newest first. */
export async function listConversationsJson(
  db: Queryable,
  owner: { tenantId: string; userId: string },
): Promise<string> {
  const rows = await runScoped<{ body: string }>(db, owner, LIST_CONVERSATIONS_SQL);
  return rows[0]?.body ?? '[]';
}
