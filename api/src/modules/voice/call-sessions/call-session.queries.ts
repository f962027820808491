import type { Queryable } from '../../../db/sql-text.ts';
import { isoSql } from '../../../db/sql-text.ts';

// One plain query per page, scoped by tenant AND user: the page is cut first, then each session's
// transcript is its stored lines or, for a browser call linked to a voice conversation, that
// conversation's messages (a correlated subquery on the page's rows only; no query per row from Node).
const LIST_CALL_SESSIONS_SQL = `
  select coalesce(json_agg(json_build_object(
    'id', page.id, 'channel', page.channel, 'direction', page.direction,
    'startedAt', ${isoSql('page.started_at')}, 'endedAt', ${isoSql('page.ended_at')},
    'callerId', page.caller_id,
    'transcript', case when page.conversation_id is null then page.transcript::json else (
      select coalesce(json_agg(json_build_object(
        'role', m.role, 'content', m.content, 'timestamp', ${isoSql('m.timestamp')}
      ) order by m.timestamp, m.id), '[]'::json)
      from voice_conversation_message m
      where m.conversation_id = page.conversation_id and m.tenant_id = $1
    ) end
  ) order by page.started_at desc, page.id desc), '[]')::text as body
  from (
    select s.id, s.channel, s.direction, s.started_at, s.ended_at, s.caller_id, s.transcript, s.conversation_id
    from call_session s
    where s.tenant_id = $1 and s.user_id = $2
      and ($4::uuid is null or (s.started_at, s.id) < (
        select b.started_at, b.id from call_session b where b.id = $4 and b.tenant_id = $1 and b.user_id = $2
      ))
    order by s.started_at desc, s.id desc
    limit $3
  ) page`;

/** A page of the call history: at most `limit` sessions started before session `before` (if given). */
export type CallSessionPage = { limit: number; before?: string };

/** JSON text of the user's call sessions, newest first (an unknown `before` gives an empty page). */
export async function listCallSessionsJson(
  db: Queryable,
  owner: { tenantId: string; userId: string },
  page: CallSessionPage,
): Promise<string> {
  const { rows } = await db.query<{ body: string }>(LIST_CALL_SESSIONS_SQL, [
    owner.tenantId,
    owner.userId,
    page.limit,
    page.before ?? null,
  ]);
  return rows[0]?.body ?? '[]';
}
