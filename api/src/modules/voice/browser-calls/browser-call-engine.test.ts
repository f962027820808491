import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALL_SESSION_HEADER, VOICE_ENGINE_HEADER } from '@annie/contracts/realtime';
import { startOpenAILiveFake } from '@annie/fakes/openai-live-fake';
import { startOpenAIRealtimeWebRtcFake } from '@annie/fakes/openai-realtime-webrtc-fake';
import { WebRtcTestPeer } from '@annie/fakes/webrtc-test-peer';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';
import { CallSession } from '../call-sessions/index.ts';

// A browser call stores the engine it runs on and the voice profile that chose it on its call session
// (the engines' comparison reads them per profile), on either engine; and a profile's split sends the
// asked share of its browser calls, placed through POST /api/realtime/offer, to the other engine.
const realtime = await startOpenAIRealtimeWebRtcFake({ apiKey: 'sk-test' });
const live = await startOpenAILiveFake({ apiKey: 'sk-test', script: { userTurns: [] } });
const dir = mkdtempSync(join(tmpdir(), 'annie-engine-'));
writeFileSync(join(dir, 'realtime-ca.pem'), realtime.sideband.ca);
writeFileSync(join(dir, 'live-ca.pem'), live.ca);
const app = await startTestApp({
  OPENAI_API_KEY: 'sk-test',
  OPENAI_REALTIME_CALLS_BASE_URL: realtime.baseURL,
  OPENAI_REALTIME_SIDEBAND_BASE_URL: realtime.sideband.baseURL,
  OPENAI_REALTIME_CA_FILE: join(dir, 'realtime-ca.pem'),
  OPENAI_LIVE_BASE_URL: live.baseURL,
  OPENAI_LIVE_CALLS_BASE_URL: live.callsBaseURL,
  OPENAI_LIVE_CA_FILE: join(dir, 'live-ca.pem'),
  REALTIME_OFFERS_PER_MINUTE: '1000',
});
const admin = await app.signedIn(await app.createUser({ tenantId: 'engine-calls', isAdmin: true }));
const peers: WebRtcTestPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
  await realtime.reset();
});
afterAll(async () => {
  await realtime.close();
  await live.close();
});

const created = await admin.post('/api/voice/profiles', { name: 'Front desk', isDefault: true });
expect(created.status).toBe(201);
const profileId = (created.body as { id: string }).id;
const setEngine = async (engine: 'realtime' | 'live', engineSplitPercent: number) => {
  const response = await admin.patch(`/api/voice/profiles/${profileId}`, { engine, engineSplitPercent });
  expect(response.status).toBe(200);
};

async function offer(client: TestClient, sdp: string) {
  const response = await client.request('POST', '/api/realtime/offer', {
    rawBody: sdp,
    headers: { 'Content-Type': 'application/sdp' },
  });
  if (response.status !== 201) throw new Error(`${response.status}: ${response.text}`);
  return {
    sdp: response.text,
    engine: response.headers.get(VOICE_ENGINE_HEADER),
    callSessionId: response.headers.get(CALL_SESSION_HEADER) ?? '',
  };
}

/** A browser call through the app, with a werift peer for the browser; the call session as the ORM reads it. */
async function callThroughApp() {
  let call: Awaited<ReturnType<typeof offer>> | undefined;
  peers.push(
    await WebRtcTestPeer.connect(async (sdp) => {
      call = await offer(admin, sdp);
      return call.sdp;
    }),
  );
  if (!call) throw new Error('No call');
  const em = app.orm.em.fork() as EntityManager;
  const session = await em.findOneOrFail(CallSession, { id: call.callSessionId }, { filters: false });
  return { ...call, session };
}

describe('a browser call', () => {
  it('on Realtime stores its engine and the default profile', async () => {
    await setEngine('realtime', 0);
    const { engine, session } = await callThroughApp();
    expect(engine).toBe('realtime');
    expect(session).toMatchObject({ channel: 'webrtc', engine: 'realtime', profileId });
    expect(session.providerCallId).toBe(realtime.calls.at(-1)?.id);
  });

  it('on GPT-Live stores its engine and the default profile', async () => {
    await setEngine('live', 0);
    const { engine, session } = await callThroughApp();
    expect(engine).toBe('live');
    expect(session).toMatchObject({ channel: 'webrtc', engine: 'live', profileId });
    expect(session.providerCallId).toBe(live.webrtc.at(-1)?.session.id);
  });
});

// The production draw (Math.random), not a seeded one: at 250 calls one standard deviation of the share
// is 2.9 points, so ±10 points is 3.4 of them (a correct split fails by chance about once in 1,800 runs).
const CALLS = 250;

describe('the engine split, measured through the offer route', () => {
  it('sends 30 % of 250 offers to GPT-Live (within 10 points), each call on one engine throughout', async () => {
    await setEngine('realtime', 30);
    const liveBefore = live.webrtc.length;
    const realtimeBefore = realtime.calls.length;
    const placed: { engine: string | null; callSessionId: string }[] = [];
    // Each call ends at once (the caller hangs up), so a few hundred do not pile up in the fakes.
    const hangUp = async (engine: string | null) => {
      if (engine === 'live') live.webrtc.at(-1)?.session.end('remote_hangup');
      else await realtime.calls.at(-1)?.hangup('the caller hung up');
    };
    // The first call's offer comes from a werift peer; each later call posts the same offer again (the
    // fakes answer each with a fresh peer of their own).
    let sdp = '';
    peers.push(
      await WebRtcTestPeer.connect(async (offered) => {
        sdp = offered;
        const call = await offer(admin, offered);
        placed.push(call);
        return call.sdp;
      }),
    );
    await hangUp(placed[0]?.engine ?? null);
    const started = performance.now();
    while (placed.length < CALLS) {
      const call = await offer(admin, sdp);
      placed.push(call);
      await hangUp(call.engine);
    }
    const liveCalls = placed.filter((call) => call.engine === 'live').length;
    console.info(
      `engine split: ${liveCalls} of ${CALLS} offers on GPT-Live (${Math.round(performance.now() - started)} ms)`,
    );
    expect(live.webrtc.length - liveBefore).toBe(liveCalls);
    expect(realtime.calls.length - realtimeBefore).toBe(placed.length - liveCalls);
    const share = (liveCalls / placed.length) * 100;
    expect(share).toBeGreaterThanOrEqual(20);
    expect(share).toBeLessThanOrEqual(40);
    // Sticky: each call session holds the engine its answer named, and the provider that answered it.
    const { rows } = await app.pool.query<{ id: string; engine: string; provider_call_id: string }>(
      'select id, engine, provider_call_id from call_session where id = any($1)',
      [placed.map((call) => call.callSessionId)],
    );
    const stored = new Map(rows.map((row) => [row.id, row]));
    const answered = (id: string) => (id.startsWith('live_') ? 'live' : 'realtime');
    expect(placed.map((call) => stored.get(call.callSessionId)?.engine)).toEqual(
      placed.map((call) => call.engine),
    );
    expect(rows.map((row) => answered(row.provider_call_id))).toEqual(rows.map((row) => row.engine));
  }, 180_000);
});
