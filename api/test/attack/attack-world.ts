import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AgtFake, startAgtFake } from '@annie/fakes/agt-fake';
import { type GoogleFake, startGoogleFake } from '@annie/fakes/google-fake';
import { type OpenAIRealtimeFake, startOpenAIRealtimeFake } from '@annie/fakes/openai-realtime-fake';
import {
  type OpenAIRealtimeWebRtcFake,
  startOpenAIRealtimeWebRtcFake,
} from '@annie/fakes/openai-realtime-webrtc-fake';
import { type OpenAiTextFake, startOpenAiTextFake } from '@annie/fakes/openai-text-fake';
import { startTwilioFake, type TwilioFake } from '@annie/fakes/twilio-fake';
import { afterAll } from 'vitest';
import { assignMessagingNumber } from '../../src/modules/sms/messaging-number.ts';
import { startTestApp, type TestApp, type TestUser } from '../test-app.ts';
import type { TestClient } from '../test-client.ts';

/** Where the providers believe the app is: webhooks and media streams are signed against it. */
export const PUBLIC_URL = 'https://annie.example.test';
/** Tenant A is the first tenant, so TWILIO_PHONE_NUMBER is its number. */
export const NUMBER_OF_A = '+14155550100';
export const NUMBER_OF_B = '+14155550199';
const OPENAI_KEY = 'sk-attack-walk';
const AGT_KEY = 'attack-walk-agt-key';

export type AttackFakes = {
  twilio: TwilioFake;
  openAiText: OpenAiTextFake;
  openAiRealtime: OpenAIRealtimeFake;
  openAiRealtimeCalls: OpenAIRealtimeWebRtcFake;
  google: GoogleFake;
  agt: AgtFake;
};

/** The app with every provider pointed at its loopback fake, and the people who attack it. */
export type AttackWorld = {
  app: TestApp;
  fakes: AttackFakes;
  /** Tenant A's admin: owns the seeded data (and the per-user data of A). */
  adminA: TestClient;
  /** Tenant A's admin's account: its password is what sets the phone passcode. */
  accountA: TestUser;
  /** A regular user of tenant A: admin routes refuse them; A's admin's per-user data is not theirs. */
  memberA: TestClient;
  /** Tenant B's admin, with a messaging number of its own: every provider works for B too. */
  adminB: TestClient;
  /** Waits until every phone call the Twilio fake placed has ended (its status callbacks delivered). */
  callsEnded: () => Promise<void>;
};

/**
 * Starts every provider fake (Twilio, OpenAI text, realtime and WebRTC calls, Google, the chemistry
 * service) and the app configured for all of them, with tenant A created first (it owns
 * TWILIO_PHONE_NUMBER) and tenant B given a number of its own. Call once at the top of a test file.
 */
export async function startAttackWorld(): Promise<AttackWorld> {
  const fakes: AttackFakes = {
    twilio: await startTwilioFake(),
    openAiText: await startOpenAiTextFake({ apiKey: OPENAI_KEY }),
    openAiRealtime: await startOpenAIRealtimeFake({ apiKey: OPENAI_KEY }),
    openAiRealtimeCalls: await startOpenAIRealtimeWebRtcFake({ apiKey: OPENAI_KEY }),
    google: await startGoogleFake(),
    agt: await startAgtFake({ apiKey: AGT_KEY }),
  };
  const caFile = join(await mkdtemp(join(tmpdir(), 'annie-attack-')), 'realtime-ca.pem');
  await writeFile(caFile, fakes.openAiRealtime.ca);
  const app = await startTestApp({
    PUBLIC_URL,
    TWILIO_ACCOUNT_SID: fakes.twilio.accountSid,
    TWILIO_AUTH_TOKEN: fakes.twilio.authToken,
    TWILIO_PHONE_NUMBER: NUMBER_OF_A,
    TWILIO_API_BASE_URL: fakes.twilio.url,
    OPENAI_API_KEY: OPENAI_KEY,
    OPENAI_BASE_URL: fakes.openAiRealtime.baseURL,
    OPENAI_REALTIME_CA_FILE: caFile,
    OPENAI_REALTIME_CALLS_BASE_URL: fakes.openAiRealtimeCalls.baseURL,
    OPENAI_TEXT_BASE_URL: fakes.openAiText.url,
    GOOGLE_CLIENT_ID: fakes.google.clientId,
    GOOGLE_CLIENT_SECRET: fakes.google.clientSecret,
    GOOGLE_TOKEN_KEY: randomBytes(32).toString('base64'),
    GOOGLE_API_ROOT_URL: fakes.google.url,
    GOOGLE_OAUTH_BASE_URL: fakes.google.url,
    AGT_BASE_URL: fakes.agt.url,
    AGT_API_KEY: AGT_KEY,
  });
  fakes.twilio.calls.appUrl = app.baseUrl;
  afterAll(async () => {
    await app.stopBackground();
    await Promise.all(Object.values(fakes).map((fake) => fake.close()));
  });
  const accountA = await app.createUser({ tenantId: 'tenant-a', isAdmin: true });
  const adminA = await app.signedIn(accountA);
  const memberA = await app.signedIn(await app.createUser({ tenantId: 'tenant-a' }));
  const adminB = await app.signedIn(await app.createUser({ tenantId: 'tenant-b', isAdmin: true }));
  await assignMessagingNumber(app.pool, 'tenant-b', NUMBER_OF_B);
  const callsEnded = async () => {
    await Promise.all(fakes.twilio.calls.calls.map((call) => fakes.twilio.calls.ended(call.sid)));
  };
  return { app, fakes, adminA, accountA, memberA, adminB, callsEnded };
}
