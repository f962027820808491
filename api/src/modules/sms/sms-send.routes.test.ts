import { sendSmsResponseSchema, smsThreadDetailSchema } from '@annie/contracts/sms';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { MESSAGING_NUMBER, openThread, PUBLIC_URL, startSmsHarness } from './testing/sms-test-harness.ts';

const sms = await startSmsHarness({ drafts: false });
const bare = await startTestApp();
const DAN = '+14155552681';

async function send(body: unknown) {
  return sms.client.post('/api/sms/send', body);
}

function lastOutbound(thread: { messages: { direction: string }[] }) {
  return thread.messages.filter((message) => message.direction === 'outbound').at(-1);
}

describe('POST /api/sms/send', () => {
  it('sends through Twilio from the tenant number with a signed-for status callback, and stores it', async () => {
    const response = await send({ to: '(415) 555-2681', body: 'On my way' });
    expect(response.status).toBe(201);
    const { threadId, messageId } = sendSmsResponseSchema.parse(response.body);
    expect(sms.twilio.sent.at(-1)).toMatchObject({
      to: DAN,
      from: MESSAGING_NUMBER,
      body: 'On my way',
      statusCallback: `${PUBLIC_URL}/api/sms/webhooks/status?messageId=${messageId}`,
    });
    const thread = smsThreadDetailSchema.parse(await openThread(sms.client, DAN));
    expect(thread.id).toBe(threadId);
    expect(lastOutbound(thread)).toMatchObject({ id: messageId, body: 'On my way', status: 'queued' });
  });

  it('sends a picture (https only) and refuses blank text, bad numbers and plain-http media, naming the field', async () => {
    expect((await send({ to: DAN, mediaUrl: 'https://cdn.example.test/a.jpg' })).status).toBe(201);
    expect(sms.twilio.sent.at(-1)?.mediaUrls).toEqual(['https://cdn.example.test/a.jpg']);
    const sentBefore = sms.twilio.sent.length;
    const blank = await send({ to: DAN, body: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ message: 'body: Message is required', issues: [{ path: 'body' }] });
    expect((await send({ to: 'my friend', body: 'x' })).body.issues).toEqual([
      { path: 'to', message: 'Not a valid phone number' },
    ]);
    expect(
      (await send({ to: DAN, body: 'x', mediaUrl: 'http://cdn.example.test/a.jpg' })).body.issues[0].path,
    ).toBe('mediaUrl');
    expect(sms.twilio.sent.length).toBe(sentBefore);
  });

  it('moves statuses only forward: a late "sent" never overwrites "delivered"', async () => {
    await send({ to: DAN, body: 'Status check' });
    const sid = sms.twilio.sent.at(-1)?.sid ?? '';
    expect((await sms.status(sid, 'delivered')).status).toBe(204);
    expect((await sms.status(sid, 'sent')).status).toBe(204);
    expect(lastOutbound(await openThread(sms.client, DAN))).toMatchObject({
      body: 'Status check',
      status: 'delivered',
    });
    await sms.status(sid, 'read');
    expect(lastOutbound(await openThread(sms.client, DAN))).toMatchObject({ status: 'read' });
  });

  it('refuses an unsigned status callback with 403 and changes nothing', async () => {
    await send({ to: DAN, body: 'Unsigned' });
    const message = sms.twilio.sent.at(-1);
    const url = message?.statusCallback?.replace(PUBLIC_URL, sms.app.baseUrl) ?? '';
    const forged = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': 'bogus' },
      body: new URLSearchParams({ MessageSid: message?.sid ?? '', MessageStatus: 'failed' }),
    });
    expect(forged.status).toBe(403);
    expect(lastOutbound(await openThread(sms.client, DAN))).toMatchObject({
      body: 'Unsigned',
      status: 'queued',
    });
  });

  it('refuses to text an opted-out number before Twilio is called', async () => {
    const ERIN = '+14155552682';
    await sms.inbound({ from: ERIN, body: 'STOP' });
    const before = sms.twilio.sent.length;
    const response = await send({ to: ERIN, body: 'Still there?' });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'opted_out',
      message: 'This contact has opted out of receiving messages',
    });
    expect(sms.twilio.sent.length).toBe(before);
  });

  it('marks the thread opted out when Twilio answers 21610, and on a 21610 status callback', async () => {
    const FRANK = '+14155552683';
    sms.twilio.blockRecipient(FRANK);
    const refused = await send({ to: FRANK, body: 'Hello?' });
    expect(refused.status).toBe(409);
    const thread = await openThread(sms.client, FRANK);
    expect(thread.optedOut).toBe(true);
    expect(lastOutbound(thread)).toMatchObject({ status: 'failed', errorCode: 21610 });

    const GINA = '+14155552684';
    await send({ to: GINA, body: 'Hi' });
    await sms.status(sms.twilio.sent.at(-1)?.sid ?? '', 'undelivered', 21610);
    expect((await openThread(sms.client, GINA)).optedOut).toBe(true);
  });

  it('reports another Twilio refusal as 502 with its message, keeping the message as failed', async () => {
    sms.twilio.failSends({
      status: 400,
      code: 21614,
      message: "'To' number is not a valid mobile number",
      times: 1,
    });
    const response = await send({ to: DAN, body: 'To a landline' });
    expect(response.status).toBe(502);
    expect(response.body.message).toContain('not a valid mobile number');
    expect(lastOutbound(await openThread(sms.client, DAN))).toMatchObject({
      status: 'failed',
      errorCode: 21614,
    });
  });
});

describe('messaging not configured', () => {
  it('answers 503 naming the missing variables, and says so in /api/sms/status', async () => {
    const client = await bare.signedIn(await bare.createUser());
    const response = await client.post('/api/sms/send', { to: DAN, body: 'Hi' });
    expect(response.status).toBe(503);
    expect(response.body.message).toBe(
      'SMS sending is not configured: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, PUBLIC_URL',
    );
    expect((await client.get('/api/sms/status')).body).toEqual({
      sending: { configured: false, missing: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'PUBLIC_URL'] },
      drafts: { configured: false, missing: ['OPENAI_API_KEY'] },
    });
  });
});
