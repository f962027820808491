import { isoSql } from '../../db/sql-text.ts';

/** A message DTO built in SQL; the same fields and formats as the `smsMessageSchema` contract. */
export function messageJsonSql(alias: string): string {
  return `json_build_object('id', ${alias}.id, 'body', ${alias}.body, 'direction', ${alias}.direction,
    'status', ${alias}.status, 'mediaUrls', to_json(${alias}.media_urls), 'errorCode', ${alias}.error_code,
    'createdAt', ${isoSql(`${alias}.created_at`)})`;
}

/**
 * The thread summary DTO built in SQL from a thread `t`, its contact `c` (found by number, may be null)
 * and its latest pending draft `d` (may be null); the same fields as `smsThreadSummarySchema`, then any
 * `extra` fields (`'name', value` pairs) in the same object.
 */
export function threadSummaryJsonSql(extra?: string): string {
  return `json_build_object(
  'id', t.id, 'phoneE164', t.phone_e164,
  'displayName', coalesce(nullif(c.nickname, ''), c.name, t.phone_e164),
  'lastMessageAt', ${isoSql('t.last_message_at')}, 'optedOut', t.opted_out,
  'responsePreference', coalesce(t.response_preference, c.sms_preference, 'ask_first'),
  'contact', case when c.id is null then null else json_build_object(
    'id', c.id, 'name', c.name, 'nickname', c.nickname, 'relationship', c.relationship,
    'isFavorite', c.is_favorite, 'photoUrl', c.photo_url) end,
  'meta', json_build_object(
    'lastMessage', case when t.last_message_at is null then null else json_build_object(
      'body', t.last_message_body, 'direction', t.last_message_direction,
      'createdAt', ${isoSql('t.last_message_at')}) end,
    'unreadCount', t.unread_count,
    'pendingDraft', case when d.id is null then null else json_build_object(
      'id', d.id, 'draft', d.body, 'createdAt', ${isoSql('d.created_at')}) end)${
        extra
          ? `,
  ${extra}`
          : ''
      })`;
}

/** The thread summary DTO alone (see `threadSummaryJsonSql`). */
export const THREAD_SUMMARY_JSON_SQL = threadSummaryJsonSql();

/** Joins a thread `t` to its contact `c` and latest pending draft `d`. */
export const THREAD_JOINS_SQL = `
  left join contact c on c.tenant_id = t.tenant_id and c.phone_primary = t.phone_e164
  left join lateral (
    select d.id, d.body, d.created_at from sms_draft d
    where d.thread_id = t.id and d.status = 'pending'
    order by d.created_at desc limit 1
  ) d on true`;
