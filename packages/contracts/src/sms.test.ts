import { describe, expect, it } from 'vitest';
import { sendSmsRequestSchema } from './sms.ts';

describe('send SMS contract', () => {
  it('needs text or a picture', () => {
    const blank = sendSmsRequestSchema.safeParse({ to: '+15551234567', body: '   ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]).toMatchObject({ path: ['body'], message: 'Message is required' });
    expect(
      sendSmsRequestSchema.parse({ to: '+15551234567', mediaUrl: 'https://example.test/a.jpg' }).body,
    ).toBe('');
  });

  it('accepts only https media', () => {
    const result = sendSmsRequestSchema.safeParse({ to: '1', body: 'hi', mediaUrl: 'http://x.test/a.jpg' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['mediaUrl'] });
  });
});
