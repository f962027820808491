import { callSessionListSchema } from '@annie/contracts/calls';
import { postSignedWebhook } from '@annie/fakes/twilio-fake-webhooks';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import { ASSISTANT_UNAVAILABLE_SAY } from './phone-call.service.ts';
import { VOICE_WEBHOOK_PATH } from './phone-calling.ts';
import { BUSINESS_NUMBER, PUBLIC_URL } from './testing/phone-test-harness.ts';

// Twilio can reach the app and sign its webhooks, but OpenAI is not configured: the assistant has no voice.
const AUTH_TOKEN = 'unavailable-auth-token';
const app = await startTestApp({
  PUBLIC_URL,
  TWILIO_ACCOUNT_SID: 'ACunavailable',
  TWILIO_AUTH_TOKEN: AUTH_TOKEN,
  TWILIO_PHONE_NUMBER: BUSINESS_NUMBER,
  TWILIO_API_BASE_URL: 'http://127.0.0.1:1',
});
const owner = await app.signedIn(await app.createUser({ isAdmin: true }));
const voice = `${PUBLIC_URL}${VOICE_WEBHOOK_PATH}`;

const ring = (callSid: string, from: string, to = BUSINESS_NUMBER) =>
  postSignedWebhook(
    AUTH_TOKEN,
    voice,
    { CallSid: callSid, From: from, To: to, CallStatus: 'ringing' },
    `${app.baseUrl}${VOICE_WEBHOOK_PATH}`,
  );

const apology = `<Response><Say>${ASSISTANT_UNAVAILABLE_SAY}</Say><Hangup/></Response>`;

describe('the voice webhook when the assistant cannot take the call', () => {
  it('answers an apology and hangs up (not a 503), and the call shows in Call History, ended', async () => {
    const reply = await ring('CAnoopenai', '+14155553201');
    expect(reply.status).toBe(200);
    expect(reply.contentType).toContain('text/xml');
    expect(reply.text).toContain(apology);
    expect(reply.text).not.toContain('<Connect');
    const sessions = callSessionListSchema.parse((await owner.get('/api/call-sessions')).body);
    expect(sessions.find((session) => session.callerId === '+14155553201')).toMatchObject({
      channel: 'twilio',
      direction: 'inbound',
      endedAt: expect.any(String),
    });
    const { rows } = await app.pool.query(
      "select status, ended_at from phone_call where twilio_call_sid = 'CAnoopenai'",
    );
    expect(rows).toEqual([{ status: 'completed', ended_at: expect.any(Date) }]);
  });

  it('the same caller may call again at once (the number is not left on a call)', async () => {
    expect((await ring('CAagain1', '+14155553202')).text).toContain('<Hangup/>');
    expect((await ring('CAagain2', '+14155553202')).text).toContain('<Hangup/>');
  });

  it('still refuses an unsigned webhook with 403 and records nothing', async () => {
    const response = await fetch(`${app.baseUrl}${VOICE_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ CallSid: 'CAunsigned', From: '+14155553203', To: BUSINESS_NUMBER }),
    });
    expect(response.status).toBe(403);
    const { rowCount } = await app.pool.query(
      "select 1 from phone_call where twilio_call_sid = 'CAunsigned'",
    );
    expect(rowCount).toBe(0);
  });

  it('still rejects a number nobody owns', async () => {
    expect((await ring('CAnobody', '+14155553204', '+14155550142')).text).toContain(
      '<Reject reason="rejected"/>',
    );
  });

  it('answers the apology, not a 500, when the call cannot be recorded', async () => {
    await app.pool.query('alter table phone_call rename to phone_call_away');
    try {
      const reply = await ring('CAfault', '+14155553205');
      expect(reply.status).toBe(200);
      expect(reply.text).toContain(apology);
    } finally {
      await app.pool.query('alter table phone_call_away rename to phone_call');
    }
  });
});
