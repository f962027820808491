import { describe, expect, it } from 'vitest';
import { partyName } from './party-name.ts';

describe('partyName', () => {
  it("gives a known contact's name and an unknown number formatted, never raw E.164", () => {
    const contact = { id: 'c1' };
    expect(partyName({ phoneE164: '+16505550111', displayName: 'Daniel Osei', contact })).toBe('Daniel Osei');
    expect(partyName({ phoneE164: '+16505550199', displayName: '+16505550199', contact: null })).toBe(
      '(650) 555-0199',
    );
  });
});
