import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type OpenAIRealtimeFake,
  type RealtimeFakeScript,
  startOpenAIRealtimeFake,
} from '@annie/fakes/openai-realtime-fake';
import { startTwilioFake, type TwilioFake } from '@annie/fakes/twilio-fake';
import type { Logger } from 'pino';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts';
import type { TestClient, TestResponse } from '../../../../../test/test-client.ts';
import { VOICE_WEBHOOK_PATH } from '../phone-calling.ts';

/** Where Twilio believes the app is: webhooks and the media stream are signed against this. */
export const PUBLIC_URL = 'https://annie.example.test';
/** The first tenant's number (TWILIO_PHONE_NUMBER). */
export const BUSINESS_NUMBER = '+14155550100';
/** What the realtime fake hears from the callee's fixture (2 s of μ-law): one turn a second. */
export const CALLEE_TURN_BYTES = 8_000;
/**
 * A real response takes a while after response.created; the fake waits this long before its output,
 * so a second response.create sent meanwhile is refused as OpenAI refuses it.
 */
export const RESPONSE_LATENCY_MS = 20;

export type PhoneHarness = {
  app: TestApp;
  twilio: TwilioFake;
  realtime: OpenAIRealtimeFake;
  /** A user of the first tenant ("default"), which owns BUSINESS_NUMBER. */
  client: TestClient;
  /** POST /api/annie/call/start as `client` (or another signed-in client). */
  startCall: (body: unknown, as?: TestClient) => Promise<TestResponse>;
  /** Every client event the realtime fake refused so far (OpenAI's error code), over all sessions. */
  refusedEvents: () => (string | null)[];
  /** The fake rings the app's voice webhook from `from` (to BUSINESS_NUMBER unless given). */
  ringApp: (from: string, to?: string) => ReturnType<TwilioFake['calls']['placeInbound']>;
};

/**
 * The app with Twilio and OpenAI realtime pointed at loopback fakes (the Twilio fake places calls
 * into the app's media-stream WebSocket as the callee) and a signed-in user of the first tenant.
 */
export async function startPhoneHarness(
  options: { script?: Partial<RealtimeFakeScript>; env?: Record<string, string>; logger?: Logger } = {},
): Promise<PhoneHarness> {
  const twilio = await startTwilioFake();
  const realtime = await startOpenAIRealtimeFake({
    apiKey: 'sk-phone-test',
    script: {
      bytesPerUserTurn: CALLEE_TURN_BYTES,
      responseLatencyMs: RESPONSE_LATENCY_MS,
      ...options.script,
    },
  });
  const caFile = join(await mkdtemp(join(tmpdir(), 'annie-phone-')), 'realtime-ca.pem');
  await writeFile(caFile, realtime.ca);
  const app = await startTestApp(
    {
      PUBLIC_URL,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_PHONE_NUMBER: BUSINESS_NUMBER,
      TWILIO_API_BASE_URL: twilio.url,
      OPENAI_API_KEY: 'sk-phone-test',
      OPENAI_BASE_URL: realtime.baseURL,
      OPENAI_REALTIME_CA_FILE: caFile,
      ...options.env,
    },
    { logger: options.logger },
  );
  twilio.calls.appUrl = app.baseUrl;
  afterAll(async () => {
    await twilio.close();
    await realtime.close();
  });
  const client = await app.signedIn(await app.createUser({ isAdmin: true }));
  const refusedEvents = () =>
    realtime.sessions.flatMap((session) => session.errorsSent.map((error) => error.code));
  // Every phone test: the app sent OpenAI nothing it refuses (a second response.create while one is
  // active, a truncate past the audio's end, a model change...).
  let refusedBefore = 0;
  beforeEach(() => {
    refusedBefore = refusedEvents().length;
  });
  afterEach(() => {
    expect(refusedEvents().slice(refusedBefore), 'client events the realtime fake refused').toEqual([]);
  });
  return {
    refusedEvents,
    app,
    twilio,
    realtime,
    client,
    startCall: (body, as = client) => as.post('/api/annie/call/start', body),
    ringApp: (from, to = BUSINESS_NUMBER) =>
      twilio.calls.placeInbound({ from, to }, { signedUrl: `${PUBLIC_URL}${VOICE_WEBHOOK_PATH}` }),
  };
}
