import { PHONE_CALL_STATUSES, type PhoneCallStatus } from '@annie/contracts/phone-calls';

// Twilio's call statuses, plus `placing` (the row exists, Twilio has not answered yet): the contract's.
export { PHONE_CALL_STATUSES, type PhoneCallStatus };

/** The statuses after which the call is over: the session ends and the number's guard is released. */
export const FINAL_STATUSES: readonly PhoneCallStatus[] = [
  'completed',
  'busy',
  'failed',
  'no-answer',
  'canceled',
];

/** How far along a call is; a status callback only moves it forward (Twilio retries and reorders). */
export function statusRank(status: PhoneCallStatus): number {
  if (FINAL_STATUSES.includes(status)) return 5;
  return PHONE_CALL_STATUSES.indexOf(status);
}

export function isPhoneCallStatus(value: string): value is PhoneCallStatus {
  return (PHONE_CALL_STATUSES as readonly string[]).includes(value);
}

/** The rank as SQL, for the forward-only update (same order as `statusRank`). */
export function statusRankSql(expression: string): string {
  const cases = PHONE_CALL_STATUSES.map((status) => `when '${status}' then ${statusRank(status)}`).join(' ');
  return `(case ${expression} ${cases} else -1 end)`;
}
