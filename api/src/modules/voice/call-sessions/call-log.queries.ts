import type { CallLogFilters } from '@annie/contracts/call-logs';
import { runScoped, userSql } from '../../../db/scoped-sql.ts';
import type { Queryable } from '../../../db/sql-text.ts';
import { isoSql } from '../../../db/sql-text.ts';

// Call Logs: the user's calls filtered, searched over their transcripts, sorted and paged, with counts,
// in one statement scoped by tenant AND user. Each call's transcript is its stored lines or, for a browser
// call linked to a voice conversation, that conversation's messages (the `said` text below is the same
// words, for the search). A call "said nothing" when no line is the other party's (role user); it is
// "empty" when it ended within a second of its start (left out unless asked, and counted).
const CALL_LOG_SQL = userSql(`
  with calls as (
    select s.id, s.channel, s.direction, s.started_at, s.ended_at, s.caller_id, s.purpose, s.transcript,
      s.conversation_id,
      (select c.name from contact c where c.tenant_id = $1 and c.phone_primary = s.caller_id limit 1) as contact_name,
      f.figures, (f.figures->'cost'->>'amount')::numeric as cost,
      extract(epoch from (coalesce(s.ended_at, now()) - s.started_at)) as seconds,
      case when s.conversation_id is null then s.transcript::json else (
        select coalesce(json_agg(json_build_object(
          'role', m.role, 'content', m.content, 'timestamp', ${isoSql('m.timestamp')}
        ) order by m.timestamp, m.id), '[]'::json)
        from voice_conversation_message m
        where m.conversation_id = s.conversation_id and m.tenant_id = $1
      ) end as lines
    from call_session s
    left join call_session_figures f on f.call_session_id = s.id and f.tenant_id = $1
    where s.tenant_id = $1 and s.user_id = $2
      and ($3::text is null or (s.channel = 'twilio' and s.direction = $3))
      and ($4::text is null or s.channel = $4)
      and ($6::date is null or s.started_at >= $6::date)
      and ($7::date is null or s.started_at < $7::date + 1)
  ),
  matched as (
    select calls.*,
      case when ended_at is null then 'ongoing'
        when exists (select 1 from json_array_elements(lines) l where l->>'role' = 'user') then 'completed'
        else 'no-conversation' end as outcome,
      ended_at is not null and seconds < 1 as empty
    from calls
    where ($5::text is null
        or contact_name ilike '%' || $5 || '%'
        or (regexp_replace($5, '\\D', '', 'g') <> ''
          and regexp_replace(coalesce(caller_id, ''), '\\D', '', 'g') like '%' || regexp_replace($5, '\\D', '', 'g') || '%'))
      and ($9::text is null or exists (
        select 1 from json_array_elements(lines) l where l->>'content' ilike '%' || $9 || '%'))
  ),
  kept as (
    select * from matched where ($8::text is null or outcome = $8) and ($10::boolean or not empty)
  ),
  page as (
    select * from kept
    order by
      case when $11 = 'oldest' then started_at end asc,
      case when $11 = 'longest' then seconds end desc,
      case when $11 = 'shortest' then seconds end asc,
      case when $11 = 'costliest' then cost end desc nulls last,
      started_at desc, id desc
    limit $12 offset $13
  )
  select json_build_object(
    'total', (select count(*) from kept),
    'emptyHidden', case when $10::boolean then 0 else
      (select count(*) from matched where empty and ($8::text is null or outcome = $8)) end,
    'sessions', coalesce((select json_agg(json_build_object(
      'id', p.id, 'channel', p.channel, 'direction', p.direction,
      'startedAt', ${isoSql('p.started_at')}, 'endedAt', ${isoSql('p.ended_at')},
      'callerId', p.caller_id, 'purpose', p.purpose, 'contactName', p.contact_name,
      'figures', p.figures, 'transcript', p.lines
    ) order by p.ord) from (select page.*, row_number() over () as ord from page) p), '[]'::json)
  )::text as body`);

/** JSON text of one page of the user's Call Logs with its counts (`callLogPageSchema`). */
export async function searchCallLogsJson(
  db: Queryable,
  owner: { tenantId: string; userId: string },
  query: CallLogFilters,
): Promise<string> {
  const rows = await runScoped<{ body: string }>(db, owner, CALL_LOG_SQL, [
    query.direction ?? null,
    query.channel ?? null,
    query.contact || null,
    query.from ?? null,
    query.to ?? null,
    query.outcome ?? null,
    query.q || null,
    query.includeEmpty ?? false,
    query.sort,
    query.limit,
    query.offset,
  ]);
  return rows[0]?.body ?? '{"total":0,"emptyHidden":0,"sessions":[]}';
}
