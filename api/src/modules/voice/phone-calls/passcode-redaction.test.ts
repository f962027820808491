import { describe, expect, it } from 'vitest';
import { DIGITS_WITHHELD, withholdDigits } from './passcode-redaction.ts';

describe('withholdDigits', () => {
  it.each([
    ['my passcode is 4 8 2 9 1 6', `my passcode is ${DIGITS_WITHHELD}`],
    ['it is 482916.', `it is ${DIGITS_WITHHELD}.`],
    ['four eight two, nine one six', DIGITS_WITHHELD],
    ['48-29-16 please', `${DIGITS_WITHHELD} please`],
    ['Four. Eight. Two.', `${DIGITS_WITHHELD}.`],
  ])('withholds the digits in %j', (line, stored) => {
    expect(withholdDigits(line)).toBe(stored);
  });

  it('leaves a line without digits, and a lone digit word, as it is', () => {
    expect(withholdDigits('This one is for James, please.')).toBe('This one is for James, please.');
  });
});
