import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callSessionListSchema } from '@annie/contracts/calls';
import { startBalancerFake } from '@annie/fakes/balancer-fake';
import { calleeAudio } from '@annie/fakes/mulaw';
import { type RealtimeFakeSession, startOpenAIRealtimeFake } from '@annie/fakes/openai-realtime-fake';
import { startTwilioFake } from '@annie/fakes/twilio-fake';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type ApiProcess, startApiProcess } from '../test/api-process.ts';
import { TestClient } from '../test/test-client.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { VOICE_WEBHOOK_PATH } from './modules/voice/phone-calls/phone-calling.ts';
import { BUSINESS_NUMBER, PUBLIC_URL } from './modules/voice/phone-calls/testing/phone-test-harness.ts';

// Two API processes behind a balancer that routes on /readyz, Twilio and OpenAI as loopback fakes: a
// phone call survives its instance being killed (kill -9: it resumes on the other), and a rolling
// restart (SIGTERM: the instance drains its call and exits; new calls go to the other). The chaos
// script scripts/chaos/phone-calls.ts runs the same and prints the figures.
const database = await createTestDatabase();
const twilio = await startTwilioFake();
// The assistant's replies are 2 s of μ-law (20 chunks of 100 ms), generated twice as fast as they play,
// as OpenAI does; the callee's line (2 s of μ-law) is heard as one turn.
const realtime = await startOpenAIRealtimeFake({
  apiKey: 'sk-chaos',
  script: { bytesPerUserTurn: 8_000, audioChunksPerReply: 20, chunkIntervalMs: 50 },
});
const realtimeCa = join(tmpdir(), `realtime-fake-chaos-${process.pid}.pem`);
writeFileSync(realtimeCa, realtime.ca);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
const PASSWORD = 'phone-chaos-admin';
const env = {
  DATABASE_URL: database.url,
  SESSION_SECRET: 'phone-chaos-secret-0123456789abcdef',
  ANNIE_ADMIN_PASSWORD: PASSWORD,
  PUBLIC_URL,
  TWILIO_ACCOUNT_SID: twilio.accountSid,
  TWILIO_AUTH_TOKEN: twilio.authToken,
  TWILIO_PHONE_NUMBER: BUSINESS_NUMBER,
  TWILIO_API_BASE_URL: twilio.url,
  OPENAI_API_KEY: 'sk-chaos',
  OPENAI_BASE_URL: realtime.baseURL,
  OPENAI_REALTIME_CA_FILE: realtimeCa,
  CALL_DRAIN_MS: '30000',
};
const [a, b] = (await Promise.all([
  startApiProcess(['api/src/main.ts'], env),
  startApiProcess(['api/src/main.ts'], env),
])) as [ApiProcess, ApiProcess];
const balancer = await startBalancerFake([a.baseUrl, b.baseUrl]);
twilio.calls.appUrl = balancer.url;
afterAll(async () => {
  await twilio.close();
  await balancer.close();
  await realtime.close();
  await db.end();
  await database.drop();
});

const waitFor = <T>(check: () => T | Promise<T>, timeout = 15_000) =>
  vi.waitFor(check, { timeout, interval: 20 });

async function signedIn(): Promise<TestClient> {
  const client = new TestClient(balancer.url);
  const response = await client.post('/api/login', { username: 'admin', password: PASSWORD });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return client;
}

const liveCallsOn = async (api: ApiProcess) =>
  ((await (await fetch(`${api.baseUrl}/readyz`)).json()) as { live?: { phoneCalls?: number } }).live
    ?.phoneCalls;

/** Assistant audio the realtime side sent on a session, and what reached Twilio on a stream (μ-law bytes). */
const sentBytes = (session: RealtimeFakeSession) => session.sentAudioAt.length * 800;
const heardBytes = (media: { bytes: number }[] | undefined) =>
  (media ?? []).reduce((sum, frame) => sum + frame.bytes, 0);

describe('a phone call across a crash and a rolling restart', () => {
  it('kill -9 of its instance: the call resumes on the other within 2 s; one transcript, one figures row', async () => {
    const client = await signedIn();
    twilio.calls.callee = {
      audio: calleeAudio(),
      frameIntervalMs: 0,
      listensFirst: true,
      answersAfterMs: 500,
    };
    const started = await client.post('/api/annie/call/start', { to: '+14155556101', message: 'Book it' });
    expect(started.status).toBe(201);
    const call = twilio.calls.calls.at(-1);
    await waitFor(() => expect(call?.stream?.media.length).toBeGreaterThan(0));
    expect(await liveCallsOn(a)).toBe(1);
    const sessionOf = async () =>
      callSessionListSchema
        .parse((await client.get('/api/call-sessions')).body)
        .find((session) => session.id === started.body.id);
    await waitFor(async () => expect((await sessionOf())?.transcript).toHaveLength(3));
    // What A measured is kept every few seconds: wait for its first keep, as a crash loses the rest.
    await waitFor(async () => {
      const { rows } = await db.query("select 1 from phone_call where stream_figures <> '{}'::jsonb");
      expect(rows).toHaveLength(1);
    });
    const before = (await sessionOf())?.transcript ?? [];
    const killedAt = performance.now();
    process.kill(a.apiPid, 'SIGKILL');
    await waitFor(() => expect(call?.streams[1]?.media.length).toBeGreaterThan(0));
    const resumedMs = (call?.streams[1]?.media[0]?.at ?? Number.NaN) - killedAt;
    console.log(`crash → call resumed (assistant heard again): ${Math.round(resumedMs)} ms`);
    expect(resumedMs).toBeLessThan(2_000);
    expect(balancer.routed.filter((route) => route.path.includes('stream-ended')).at(-1)?.backend).toBe(
      b.baseUrl,
    );
    expect(await liveCallsOn(b)).toBe(1);
    await twilio.calls.hangUp(call?.sid ?? '');
    await waitFor(async () => expect((await sessionOf())?.endedAt).not.toBeNull());
    const saved = await sessionOf();
    expect(saved?.transcript.slice(0, before.length)).toEqual(before);
    expect(saved?.transcript.length).toBeGreaterThan(before.length);
    // One call, recorded as one call session, across both streams.
    const calls = await db.query(
      'select call_session_id, resumes from phone_call where twilio_call_sid = $1',
      [call?.sid],
    );
    expect(calls.rows).toEqual([{ call_session_id: started.body.id, resumes: 1 }]);
    const figures = await db.query('select figures from call_session_figures where call_session_id = $1', [
      started.body.id,
    ]);
    expect(figures.rows).toHaveLength(1);
    // The caller spoke once, on A's stream: A's kept figures are in the call's one row.
    expect(saved?.figures?.latenciesMs).toHaveLength(1);
  });

  it('SIGTERM to its instance: the call plays to its end with no frame dropped, new calls go to the other, then it exits', async () => {
    const c = await startApiProcess(['api/src/main.ts'], env);
    balancer.setBackends([b.baseUrl, c.baseUrl]);
    const client = await signedIn();
    // The callee listens to the greeting, says a line, hears the reply out and hangs up.
    twilio.calls.callee = {
      audio: calleeAudio(),
      frameIntervalMs: 0,
      listensFirst: true,
      answersAfterMs: 500,
      hangUpAfterMs: 3_000,
    };
    const sessions = realtime.sessions.length;
    const started = await client.post('/api/annie/call/start', { to: '+14155556201', message: 'Stay' });
    expect(started.status).toBe(201);
    const call = twilio.calls.calls.at(-1);
    await waitFor(() => expect(call?.stream?.media.length).toBeGreaterThan(0));
    expect(await liveCallsOn(b)).toBe(1);
    const session = realtime.sessions[sessions] as RealtimeFakeSession;
    // Mid-greeting: the signal.
    const signalAt = performance.now();
    process.kill(b.apiPid, 'SIGTERM');
    const exitedAt = b.exited.then((code) => ({ code, at: performance.now() }));
    await waitFor(async () =>
      expect((await fetch(`${b.baseUrl}/readyz`).catch(() => null))?.status ?? 503).toBe(503),
    );
    // A new call, rung while B drains, is taken by C.
    const { sid } = await twilio.calls.placeInbound(
      { from: '+14155556202', to: BUSINESS_NUMBER },
      { signedUrl: `${PUBLIC_URL}${VOICE_WEBHOOK_PATH}`, targetUrl: `${balancer.url}${VOICE_WEBHOOK_PATH}` },
    );
    const inbound = twilio.calls.calls.find((each) => each.sid === sid);
    await waitFor(() => expect(inbound?.stream?.media.length).toBeGreaterThan(0));
    expect(balancer.routed.filter((route) => route.path === VOICE_WEBHOOK_PATH).at(-1)?.backend).toBe(
      c.baseUrl,
    );
    expect(await liveCallsOn(c)).toBe(1);
    // B's call goes on to its natural end on B's stream, every byte of the assistant's audio heard.
    const ended = await twilio.calls.ended(call?.sid ?? '');
    const callEndedAt = performance.now();
    expect(ended?.streams).toHaveLength(1);
    expect(ended?.stream?.closedBy).toBe('fake');
    expect(heardBytes(ended?.stream?.media)).toBe(sentBytes(session));
    expect(ended?.stream?.media.filter((frame) => frame.at > signalAt).length).toBeGreaterThan(0);
    // The greeting and the reply to the callee's line (20 chunks each).
    expect(session.sentAudioAt.length).toBeGreaterThanOrEqual(40);
    const exit = await exitedAt;
    expect(exit.code).toBe(0);
    console.log(
      `SIGTERM → the live call ran on for ${Math.round(callEndedAt - signalAt)} ms, then the instance exited after ${Math.round(exit.at - callEndedAt)} ms`,
    );
    expect(exit.at).toBeGreaterThan(callEndedAt);
    await twilio.calls.hangUp(sid);
  });
});
