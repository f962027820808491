import type { UsageRow } from './usage.ts';

/** The usage screen's words for its codes, shared with the CSV export so both say the same. */
export const USAGE_CHANNEL_LABELS: Record<UsageRow['channel'], string> = {
  twilio: 'Phone',
  webrtc: 'Browser',
  web: 'Typed',
  sms: 'SMS',
};

/** Texts belong to the tenant (Shared); a call without a user was made by a since-deleted user. */
export function usageUserLabel(row: Pick<UsageRow, 'username' | 'channel'>): string {
  return row.username ?? (row.channel === 'sms' ? 'Shared' : 'Deleted user');
}

/** A length in whole seconds as m:ss (h:mm:ss from an hour): 95 → "1:35", 3725 → "1:02:05". */
export function formatMinutesSeconds(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The CSV's column headers: the table's own, the cost naming its currency. */
export const usageCsvHeaders = (currency: string) => [
  'Period',
  'User',
  'Channel',
  'Calls',
  'Minutes',
  'Texts',
  'Tokens',
  `Cost (${currency})`,
];
