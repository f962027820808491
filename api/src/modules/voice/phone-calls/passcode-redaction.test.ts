import { describe, expect, it } from 'vitest';
import { withholdDigits } from './passcode-redaction.ts';
import { PASSCODE_PHRASINGS } from './passcode-redaction-phrasings.ts';

describe('withholdDigits', () => {
  it('has a table of at least 40 phrasings', () => {
    expect(PASSCODE_PHRASINGS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PASSCODE_PHRASINGS)('stores %j as %j', (said, stored) => {
    expect(withholdDigits(said)).toBe(stored);
  });

  it('leaves no digit of a long mixed line', () => {
    const line = 'Hi, it is Sam: 4 8, double two, neunzehn, 七, quarantotto — thanks';
    const stored = withholdDigits(line);
    expect(stored).not.toMatch(/\p{N}|七|eight|two|neunzehn|quarantotto/u);
    expect(stored).toContain('Hi, it is Sam');
  });
});
