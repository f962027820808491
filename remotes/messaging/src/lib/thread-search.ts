import type { SmsThreadSummary } from '@annie/api-client/contracts/sms';

/**
 * True when the thread matches the search (spec part 2 §5): display name, phone number, contact name or
 * nickname; text case-insensitively, the number by its digits.
 */
export function threadMatches(thread: SmsThreadSummary, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const texts = [thread.displayName, thread.contact?.name, thread.contact?.nickname, thread.phoneE164];
  if (texts.some((text) => text?.toLowerCase().includes(needle))) return true;
  const phoneQuery = needle.replace(/[\s()+\-.]/g, '');
  return /^\d+$/.test(phoneQuery) && thread.phoneE164.replace(/\D/g, '').includes(phoneQuery);
}
