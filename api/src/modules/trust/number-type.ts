import type { PhoneNumberType } from '@annie/contracts/trust';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** The kind of line an E.164 number is (the full metadata knows mobiles from premium rate); 'unknown' if none. */
export function numberTypeOf(e164: string): PhoneNumberType {
  const type = parsePhoneNumberFromString(e164)?.getType();
  return type ? (type.toLowerCase() as PhoneNumberType) : 'unknown';
}
