import { startOpenAIRealtimeWebRtcFake } from '@annie/fakes/openai-realtime-webrtc-fake';
import { WebRtcTestPeer } from '@annie/fakes/webrtc-test-peer';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';

// A browser call runs with the caller's tenant's session, never another tenant's profile, and claiming
// another tenant in X-Tenant-Id is refused before anything reaches OpenAI.
const fake = await startOpenAIRealtimeWebRtcFake({ apiKey: 'sk-test' });
const app = await startTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_REALTIME_CALLS_BASE_URL: fake.baseURL });
const A = 'tenant-a';
const B = 'tenant-b';
const aliceAdmin = await app.signedIn(await app.createUser({ tenantId: A, isAdmin: true }));
const alice = await app.signedIn(await app.createUser({ tenantId: A }));
const bob = await app.signedIn(await app.createUser({ tenantId: B }));
const peers: WebRtcTestPeer[] = [];
let callSessionId = '';
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});
afterAll(() => fake.close());

const SECRET = 'Mention the Henderson acquisition to nobody.';
await aliceAdmin.post('/api/voice/profiles', {
  name: 'Desk',
  instructions: SECRET,
  voice: 'marin',
  isDefault: true,
});

async function sessionOfCallBy(client: TestClient) {
  const peer = await WebRtcTestPeer.connect(async (sdp) => {
    const response = await client.request('POST', '/api/realtime/offer', {
      rawBody: sdp,
      headers: { 'Content-Type': 'application/sdp' },
    });
    if (response.status !== 201) throw new Error(`${response.status}: ${response.text}`);
    return response.text;
  });
  peers.push(peer);
  return (await fake.nextCall()).offeredSession as {
    instructions: string;
    audio: { output: { voice: string } };
  };
}

describe('realtime calls tenant isolation', () => {
  it("compiles the caller's tenant's default profile", async () => {
    const session = await sessionOfCallBy(alice);
    expect(session.instructions).toContain(SECRET);
    expect(session.audio.output.voice).toBe('marin');
  });

  it("never gives another tenant's call that profile", async () => {
    const session = await sessionOfCallBy(bob);
    expect(session.instructions).not.toContain(SECRET);
    expect(session.audio.output.voice).toBe('cedar');
  });

  it("lists a call's session only for its caller, and lets nobody else end it", async () => {
    const peer = await WebRtcTestPeer.connect(async (sdp) => {
      const response = await alice.request('POST', '/api/realtime/offer', {
        rawBody: sdp,
        headers: { 'Content-Type': 'application/sdp' },
      });
      callSessionId = response.headers.get('X-Call-Session-Id') ?? '';
      return response.text;
    });
    peers.push(peer);
    await fake.nextCall();
    const idsOf = async (client: TestClient) =>
      ((await client.get('/api/call-sessions')).body as { id: string }[]).map((session) => session.id);
    expect(await idsOf(alice)).toContain(callSessionId);
    expect(await idsOf(bob)).not.toContain(callSessionId);
    expect(await idsOf(aliceAdmin)).not.toContain(callSessionId);
    expect((await bob.post(`/api/calls/${callSessionId}/end`)).status).toBe(404);
  });

  it('refuses a call claiming another tenant (403) before posting anything to OpenAI', async () => {
    const before = fake.calls.length;
    const response = await bob.request('POST', '/api/realtime/offer', {
      rawBody: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n',
      headers: { 'Content-Type': 'application/sdp', 'X-Tenant-Id': A },
    });
    expect(response.status).toBe(403);
    expect(fake.calls).toHaveLength(before);
  });
});
