import { twilioSignature } from '@annie/fakes/twilio-signature';
import { describe, expect, it } from 'vitest';
import { isValidTwilioSignature } from './twilio-signature.ts';

const token = 'auth-token-123';
const url = 'https://annie.example.test/api/sms/webhooks/inbound';
const params = { From: '+15551230001', To: '+15550000000', Body: 'Hello', MessageSid: 'SM1' };

describe('Twilio webhook signature', () => {
  it('accepts what Twilio signs over the public URL and the parameters', () => {
    expect(isValidTwilioSignature(token, twilioSignature(token, url, params), url, params)).toBe(true);
  });

  it('refuses a missing signature, another token, another URL or changed parameters', () => {
    const signature = twilioSignature(token, url, params);
    expect(isValidTwilioSignature(token, undefined, url, params)).toBe(false);
    expect(isValidTwilioSignature('other-token', signature, url, params)).toBe(false);
    expect(
      isValidTwilioSignature(token, signature, 'http://127.0.0.1:3000/api/sms/webhooks/inbound', params),
    ).toBe(false);
    expect(isValidTwilioSignature(token, signature, url, { ...params, Body: 'Hell0' })).toBe(false);
  });
});
