import { describe, expect, it } from 'vitest';
import { isPhoneRegion, toE164 } from './phone-number.ts';

describe('toE164', () => {
  it('reads national numbers in the default region, whatever the punctuation', () => {
    for (const text of ['(415) 555-2671', '415.555.2671', '1 415 555 2671', '+1 415-555-2671'])
      expect(toE164(text, 'US')).toBe('+14155552671');
    expect(toE164('020 7946 0018', 'GB')).toBe('+442079460018');
  });

  it('keeps an international number whatever the default region', () => {
    expect(toE164('+44 20 7946 0018', 'US')).toBe('+442079460018');
  });

  it('refuses text that is not a valid number', () => {
    expect(toE164('call me', 'US')).toBeUndefined();
    expect(toE164('555-0000', 'US')).toBeUndefined();
    expect(toE164('', 'US')).toBeUndefined();
  });

  it('knows the regions it can read', () => {
    expect(isPhoneRegion('US')).toBe(true);
    expect(isPhoneRegion('XX')).toBe(false);
  });
});
