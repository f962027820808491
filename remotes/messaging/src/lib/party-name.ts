import { formatPhone } from '@annie/ui/format';

type Party = { phoneE164: string; displayName: string; contact: unknown };

/** Who a thread is with, for people: the contact's name when known, else the number formatted. */
export function partyName(thread: Party): string {
  return thread.contact ? thread.displayName : formatPhone(thread.phoneE164);
}
