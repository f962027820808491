import { describe, expect, it } from 'vitest';
import { smsKeywordOf } from './sms-keywords.ts';

describe('smsKeywordOf', () => {
  it('reads every opt-out, opt-in and help keyword, whatever the case and spacing', () => {
    for (const word of ['STOP', 'stopall', ' Unsubscribe ', 'cancel', 'End', 'QUIT.', 'revoke', 'OptOut'])
      expect(smsKeywordOf(word)).toBe('opt_out');
    for (const word of ['START', 'yes', 'Unstop!']) expect(smsKeywordOf(word)).toBe('opt_in');
    expect(smsKeywordOf('help')).toBe('help');
  });

  it('ignores keywords inside a longer message', () => {
    expect(smsKeywordOf("don't stop")).toBeUndefined();
    expect(smsKeywordOf('Yes, 3pm works')).toBeUndefined();
    expect(smsKeywordOf('')).toBeUndefined();
  });
});
