import type { SmsStatus } from '@annie/contracts/sms';

// How far along an outbound message is. Twilio's callbacks can arrive out of order (a late `sent`
// after `delivered`), so a status only replaces one of a lower rank. The end states share a rank:
// once delivered, undelivered or failed, only `read` moves a message on.
const RANK: Record<SmsStatus, number> = {
  accepted: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  read: 5,
  received: 5,
};

/** The statuses a status callback may carry, in rank order. */
export const CALLBACK_STATUSES = Object.keys(RANK) as SmsStatus[];

/** The rank of each status, for the SQL that applies callbacks atomically. */
export function statusRankSql(column: string): string {
  const cases = Object.entries(RANK)
    .map(([status, rank]) => `when '${status}' then ${rank}`)
    .join(' ');
  return `(case ${column} ${cases} else -1 end)`;
}

/** True when `next` moves a message on from `current`. */
export function isStatusForward(current: SmsStatus, next: SmsStatus): boolean {
  return RANK[next] > RANK[current];
}
