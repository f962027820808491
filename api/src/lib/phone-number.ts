import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** True for an ISO 3166 region libphonenumber knows, e.g. "US" (config validation). */
export function isPhoneRegion(region: string): region is CountryCode {
  return isSupportedCountry(region);
}

/**
 * The number as E.164 ("+15551234567"), reading national numbers in `defaultRegion`; undefined when
 * the text is not a valid phone number there. Phone fields are free text in the UI, so this is where
 * "(555) 123-4567", "555.123.4567" and "+1 555 123 4567" become the same number.
 */
export function toE164(text: string, defaultRegion: CountryCode): string | undefined {
  const parsed = parsePhoneNumberFromString(text.trim(), defaultRegion);
  return parsed?.isValid() ? parsed.number : undefined;
}
