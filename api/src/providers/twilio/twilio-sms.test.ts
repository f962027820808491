import { startTwilioFake, type TwilioFake } from '@annie/fakes/twilio-fake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTwilioSmsSender,
  missingTwilioSettings,
  type SmsSender,
  TwilioSendError,
} from './twilio-sms.ts';

let fake: TwilioFake;
let sender: SmsSender;
const message = {
  to: '+15551230001',
  from: '+15550000000',
  body: 'Running late, 10 minutes',
  statusCallback: 'https://annie.example.test/api/sms/webhooks/status',
};

beforeAll(async () => {
  fake = await startTwilioFake();
  const configured = createTwilioSmsSender({
    accountSid: fake.accountSid,
    authToken: fake.authToken,
    apiBaseUrl: fake.url,
  });
  if (!configured) throw new Error('sender should be configured');
  sender = configured;
});
afterAll(() => fake.close());

describe('Twilio SMS sender', () => {
  it('is absent, naming the variables, until the account is configured', () => {
    expect(createTwilioSmsSender({})).toBeUndefined();
    expect(missingTwilioSettings({ accountSid: 'AC1' })).toEqual(['TWILIO_AUTH_TOKEN']);
  });

  it('sends through the SDK with the status callback and media, and returns the sid', async () => {
    const sent = await sender.send({ ...message, mediaUrl: 'https://cdn.example.test/a.jpg' });
    expect(sent.status).toBe('queued');
    expect(sent.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(fake.sent.at(-1)).toEqual({
      sid: sent.sid,
      to: message.to,
      from: message.from,
      body: message.body,
      mediaUrls: ['https://cdn.example.test/a.jpg'],
      statusCallback: message.statusCallback,
    });
  });

  it("turns Twilio's 21610 into an opted-out error", async () => {
    fake.blockRecipient('+15551230002');
    const error = await sender.send({ ...message, to: '+15551230002' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TwilioSendError);
    expect(error).toMatchObject({ code: 21610, status: 400, recipientOptedOut: true });
  });

  it('reports other refusals with their code, not as opt-outs', async () => {
    fake.failSends({
      status: 400,
      code: 21211,
      message: "The 'To' number is not a valid phone number.",
      times: 1,
    });
    const error = await sender.send(message).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 21211, recipientOptedOut: false });
    await expect(sender.send(message)).resolves.toMatchObject({ status: 'queued' });
  });

  it('reports a wrong auth token as a refusal', async () => {
    const wrong = createTwilioSmsSender({
      accountSid: fake.accountSid,
      authToken: 'nope',
      apiBaseUrl: fake.url,
    });
    await expect(wrong?.send(message)).rejects.toMatchObject({ status: 401, code: 20003 });
  });
});
