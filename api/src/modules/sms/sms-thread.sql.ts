import type {
  PendingDraft,
  SmsMessage,
  SmsThreadContact,
  SmsThreadDetail,
  SmsThreadSummary,
} from '@annie/contracts/sms';
import { isoSql } from '../../db/sql-text.ts';
import { jsonObjectSql } from '../../db/wire-fields.ts';

// The one declaration of each SMS wire shape on the server: a field map of SQL expressions per
// contract shape, typed by the shape's keys (a missing or extra field does not compile). Every answer
// that carries a thread or a message is built from these maps in SQL; none is mapped in Node.

type LastMessage = NonNullable<SmsThreadSummary['meta']['lastMessage']>;

/** A message `alias` as the `smsMessageSchema` contract has it. */
function messageFields(alias: string): Record<keyof SmsMessage, string> {
  return {
    id: `${alias}.id`,
    body: `${alias}.body`,
    direction: `${alias}.direction`,
    status: `${alias}.status`,
    mediaUrls: `to_json(${alias}.media_urls)`,
    errorCode: `${alias}.error_code`,
    createdAt: isoSql(`${alias}.created_at`),
  };
}

/** A message DTO built in SQL from the row `alias`. */
export function messageJsonSql(alias: string): string {
  return jsonObjectSql(messageFields(alias));
}

/** The contact `c` found by the thread's number. */
const contactFields: Record<keyof SmsThreadContact, string> = {
  id: 'c.id',
  name: 'c.name',
  nickname: 'c.nickname',
  relationship: 'c.relationship',
  isFavorite: 'c.is_favorite',
  photoUrl: 'c.photo_url',
};

/** The thread `t`'s copy of its last message. */
const lastMessageFields: Record<keyof LastMessage, string> = {
  body: 't.last_message_body',
  direction: 't.last_message_direction',
  createdAt: isoSql('t.last_message_at'),
};

/** The latest pending draft `d`. */
const pendingDraftFields: Record<keyof PendingDraft, string> = {
  id: 'd.id',
  draft: 'd.body',
  createdAt: isoSql('d.created_at'),
};

const meta: Record<keyof SmsThreadSummary['meta'], string> = {
  lastMessage: `case when t.last_message_at is null then null else ${jsonObjectSql(lastMessageFields)} end`,
  unreadCount: 't.unread_count',
  pendingDraft: `case when d.id is null then null else ${jsonObjectSql(pendingDraftFields)} end`,
};

/** A thread `t`, its contact `c` (may be null) and its latest pending draft `d` (may be null). */
const threadSummaryFields: Record<keyof SmsThreadSummary, string> = {
  id: 't.id',
  phoneE164: 't.phone_e164',
  displayName: `coalesce(nullif(c.nickname, ''), c.name, t.phone_e164)`,
  lastMessageAt: isoSql('t.last_message_at'),
  optedOut: 't.opted_out',
  responsePreference: `coalesce(t.response_preference, c.sms_preference, 'ask_first')`,
  contact: `case when c.id is null then null else ${jsonObjectSql(contactFields)} end`,
  meta: jsonObjectSql(meta),
};

/** What a thread detail adds to its summary, from the message page `page` (see the queries). */
export type ThreadDetailExtra = Record<Exclude<keyof SmsThreadDetail, keyof SmsThreadSummary>, string>;

/**
 * The thread summary DTO built in SQL from a thread `t`, its contact `c` (found by number, may be
 * null) and its latest pending draft `d` (may be null), then any `extra` fields in the same object.
 */
export function threadSummaryJsonSql(extra: Record<string, string> = {}): string {
  return jsonObjectSql({ ...threadSummaryFields, ...extra });
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
