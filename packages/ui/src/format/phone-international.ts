import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A number outside North America grouped as its country writes it, in international form ("+44 20 7946
 * 0958", "+33 1 23 45 67 89"); undefined for what is no possible number. Only for numbers given with their
 * country code: a national number alone does not say its country. Its own chunk (libphonenumber's
 * metadata, tens of KB), loaded by phone.ts's loadPhoneFormat, never with the first screen.
 */
export function formatInternationalPhone(normalized: string): string | undefined {
  if (!normalized.startsWith('+')) return undefined;
  const phone = parsePhoneNumberFromString(normalized);
  return phone?.isPossible() ? phone.formatInternational() : undefined;
}
