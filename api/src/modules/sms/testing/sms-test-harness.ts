import { type OpenAiTextFake, startOpenAiTextFake } from '@annie/fakes/openai-text-fake';
import { type InboundText, startTwilioFake, type TwilioFake } from '@annie/fakes/twilio-fake';
import { afterAll } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';
import { INBOUND_WEBHOOK_PATH } from '../sms-sending.ts';

/** Where Twilio believes the app is: webhooks are signed against this, not the loopback address. */
export const PUBLIC_URL = 'https://annie.example.test';
/** The first tenant's messaging number (TWILIO_PHONE_NUMBER). */
export const MESSAGING_NUMBER = '+14155550100';

export type SmsHarness = {
  app: TestApp;
  twilio: TwilioFake;
  openai: OpenAiTextFake;
  /** A user of the first tenant ("default"), which owns MESSAGING_NUMBER. */
  client: TestClient;
  /** Twilio delivering an incoming text to the app's webhook, signed. */
  inbound: (text: Omit<InboundText, 'to'> & { to?: string }) => ReturnType<TwilioFake['sendInbound']>;
  /** Twilio reporting a status for a message it was asked to send, signed. */
  status: (sid: string, status: string, errorCode?: number) => ReturnType<TwilioFake['reportStatus']>;
};

/**
 * The app with Twilio and OpenAI pointed at loopback fakes, the draft worker running (unless `drafts`
 * is false) and a signed-in user of the first tenant. Call once at the top of a test file.
 */
export async function startSmsHarness(options: { drafts?: boolean; env?: Record<string, string> } = {}) {
  const twilio = await startTwilioFake();
  const openai = await startOpenAiTextFake();
  const app = await startTestApp({
    PUBLIC_URL,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_PHONE_NUMBER: MESSAGING_NUMBER,
    TWILIO_API_BASE_URL: twilio.url,
    ...(options.drafts === false ? {} : { OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.url }),
    ...options.env,
  });
  afterAll(async () => {
    await app.stopBackground();
    await Promise.all([twilio.close(), openai.close()]);
  });
  const client = await app.signedIn(await app.createUser());
  if (options.drafts !== false) await app.startBackground();
  const harness: SmsHarness = {
    app,
    twilio,
    openai,
    client,
    inbound: (text) =>
      twilio.sendInbound(
        { to: MESSAGING_NUMBER, ...text },
        {
          signedUrl: `${PUBLIC_URL}${INBOUND_WEBHOOK_PATH}`,
          targetUrl: `${app.baseUrl}${INBOUND_WEBHOOK_PATH}`,
        },
      ),
    status: (sid, status, errorCode) => {
      const callback = twilio.sent.find((message) => message.sid === sid)?.statusCallback ?? '';
      return twilio.reportStatus(sid, status, {
        errorCode,
        targetUrl: callback.replace(PUBLIC_URL, app.baseUrl),
      });
    },
  };
  return harness;
}

/** Opens a thread as the messaging screen does: POST …/read (starts it, marks it read), then GET it. */
export async function openThread(client: TestClient, phone: string) {
  const path = `/api/sms/threads/${encodeURIComponent(phone)}`;
  const read = await client.post(`${path}/read`);
  if (read.status !== 200) throw new Error(`marking read answered ${read.status}: ${read.text}`);
  const response = await client.get(path);
  if (response.status !== 200) throw new Error(`thread answered ${response.status}: ${response.text}`);
  return response.body;
}
