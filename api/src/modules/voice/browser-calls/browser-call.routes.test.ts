import { callSessionListSchema } from '@annie/contracts/calls';
import {
  CALL_SESSION_HEADER,
  iceServersResponseSchema,
  REALTIME_CALL_HEADER,
  SDP_OFFER_MAX_BYTES,
} from '@annie/contracts/realtime';
import { VOICE_TOOL_NAMES } from '@annie/contracts/voice-tools';
import { startOpenAIRealtimeWebRtcFake } from '@annie/fakes/openai-realtime-webrtc-fake';
import { WebRtcTestPeer } from '@annie/fakes/webrtc-test-peer';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';
import { DEFAULT_PERSONA } from '../profiles/index.ts';
import { NOT_CONFIGURED } from './browser-call.routes.ts';

const fake = await startOpenAIRealtimeWebRtcFake({ apiKey: 'sk-test' });
const app = await startTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_REALTIME_CALLS_BASE_URL: fake.baseURL });
const user = await app.signedIn(await app.createUser({ tenantId: 'realtime-calls' }));
// Nothing listens on the discard port: OpenAI cannot be reached.
const offline = await startTestApp({
  OPENAI_API_KEY: 'sk-test',
  OPENAI_REALTIME_CALLS_BASE_URL: 'http://127.0.0.1:9/v1',
});
const limited = await startTestApp({
  OPENAI_API_KEY: 'sk-test',
  OPENAI_REALTIME_CALLS_BASE_URL: 'http://127.0.0.1:9/v1',
  REALTIME_OFFERS_PER_MINUTE: '2',
});
const bare = await startTestApp({
  WEBRTC_ICE_SERVERS: 'stun:stun.example.test:3478, turn:turn.example.test:3478?transport=udp',
  WEBRTC_TURN_USERNAME: 'annie',
  WEBRTC_TURN_CREDENTIAL: 'secret',
});
const peers: WebRtcTestPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
  await fake.reset();
});
afterAll(() => fake.close());

const postOffer = (client: TestClient, body: string, contentType = 'application/sdp') =>
  client.request('POST', '/api/realtime/offer', { rawBody: body, headers: { 'Content-Type': contentType } });

/** A werift peer standing in for the browser, signalling through the app as the voice page does. */
async function callThroughApp(client: TestClient = user) {
  let callHeader: string | null = null;
  let callSessionId: string | null = null;
  const peer = await WebRtcTestPeer.connect(async (sdp) => {
    const response = await postOffer(client, sdp);
    if (response.status !== 201) throw new Error(`${response.status}: ${response.text}`);
    expect(response.headers.get('content-type')).toBe('application/sdp');
    callHeader = response.headers.get(REALTIME_CALL_HEADER);
    callSessionId = response.headers.get(CALL_SESSION_HEADER);
    return response.text;
  });
  peers.push(peer);
  const call = await fake.nextCall();
  return { peer, call, callHeader, callSessionId: callSessionId as string | null };
}

describe('POST /api/realtime/offer', () => {
  it("answers the browser's offer with OpenAI's SDP answer (201), and the events channel opens", async () => {
    const { peer, call, callHeader } = await callThroughApp();
    expect(callHeader).toBe(call.id);
    expect(call.channelOpen).toBe(true);
    await peer.waitForServerEvent('session.created');
  });

  it("posts the tenant's compiled session: instructions, voice, model, transcription, turn detection, tools, tool choice", async () => {
    const { call } = await callThroughApp();
    const session = call.offeredSession as Record<string, unknown> & { audio: Record<string, unknown> };
    expect(String(session.instructions).startsWith(DEFAULT_PERSONA)).toBe(true);
    expect(session).toMatchObject({
      type: 'realtime',
      model: app.config.OPENAI_REALTIME_MODEL,
      tool_choice: 'auto',
      audio: {
        input: {
          transcription: { model: expect.any(String) },
          turn_detection: { type: 'server_vad', threshold: expect.any(Number), create_response: true },
        },
        output: { voice: 'cedar' },
      },
    });
    // Opus is negotiated in the SDP: a WebRTC session names no audio format.
    expect(JSON.stringify(session.audio)).not.toContain('format');
    const tools = session.tools as { type: string; name: string; parameters: object }[];
    expect(tools.map((tool) => tool.name)).toEqual(VOICE_TOOL_NAMES);
    expect(tools.every((tool) => tool.type === 'function' && typeof tool.parameters === 'object')).toBe(true);
  });

  it("records the call as the caller's call session (webrtc, outbound) that POST /api/calls/:id/end ends", async () => {
    const { callSessionId } = await callThroughApp();
    expect(callSessionId).toMatch(/^[0-9a-f-]{36}$/);
    const listed = callSessionListSchema.parse((await user.get('/api/call-sessions')).body);
    expect(listed.find((session) => session.id === callSessionId)).toMatchObject({
      channel: 'webrtc',
      direction: 'outbound',
      endedAt: null,
    });
    expect((await user.post(`/api/calls/${callSessionId}/end`)).status).toBe(200);
    const ended = callSessionListSchema.parse((await user.get('/api/call-sessions')).body);
    expect(ended.find((session) => session.id === callSessionId)?.endedAt).not.toBeNull();
  });

  it('carries session.update, a scripted tool round trip, and RTP both ways', async () => {
    fake.setScript({ replyAfterTool: 'The Henderson account renews in March.', audioPackets: 5 });
    const { peer, call } = await callThroughApp();
    peer.send({ type: 'session.update', session: { type: 'realtime', instructions: 'Be brief.' } });
    const { event: update } = await call.waitForClientEvent('session.update');
    expect(update.session).toMatchObject({ instructions: 'Be brief.' });

    await peer.speak(10);
    await expect.poll(() => call.rtpPacketsReceived).toBe(10);

    void call.userSays({
      transcript: 'What do we know about Henderson?',
      functionCall: { name: 'search_knowledge_base', arguments: '{"query":"Henderson"}' },
    });
    const { event: asked } = await peer.waitForServerEvent('response.function_call_arguments.done');
    expect(asked).toMatchObject({ name: 'search_knowledge_base', arguments: '{"query":"Henderson"}' });
    peer.send({
      type: 'conversation.item.create',
      item: { type: 'function_call_output', call_id: asked.call_id, output: '{"results":[]}' },
    });
    peer.send({ type: 'response.create' });
    await call.waitForClientEvent('response.create');
    expect(call.toolOutputs).toEqual([{ callId: asked.call_id, output: '{"results":[]}' }]);
    const { event: spoken } = await peer.waitForServerEvent('response.output_audio_transcript.done');
    expect(spoken.transcript).toBe('The Henderson account renews in March.');
    await peer.waitForServerEvent('output_audio_buffer.stopped');
    await expect.poll(() => peer.rtpPacketsReceived).toBe(5);
  });

  it('refuses what is not an SDP offer: another content type (415), text without an audio section (400), too large (413)', async () => {
    const json = await user.post('/api/realtime/offer', { sdp: 'v=0' });
    expect(json.status).toBe(415);
    expect(json.body).toMatchObject({ code: 'unsupported_media_type' });
    const notOffer = await postOffer(user, 'hello');
    expect(notOffer.status).toBe(400);
    expect(notOffer.body).toEqual({
      message: 'The body is not an SDP offer with audio',
      code: 'invalid_sdp_offer',
    });
    const tooLarge = await postOffer(
      user,
      `v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n${'a'.repeat(SDP_OFFER_MAX_BYTES)}`,
    );
    expect(tooLarge.status).toBe(413);
    expect(fake.calls).toHaveLength(0);
  });

  it("answers 502 with OpenAI's reason when it refuses the call", async () => {
    fake.failNextCall({ status: 429, message: 'Rate limit reached for gpt-realtime.' });
    const refused = await postOffer(user, 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n');
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({
      message: 'OpenAI refused the call: Rate limit reached for gpt-realtime.',
      code: 'realtime_call_failed',
    });
    expect(refused.headers.get(CALL_SESSION_HEADER)).toBeNull();
  });

  it('answers 502 when OpenAI cannot be reached', async () => {
    const client = await offline.signedIn(await offline.createUser());
    const response = await postOffer(client, 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n');
    expect(response.status).toBe(502);
    expect(response.body.message).toMatch(/^OpenAI refused the call: Connection error/);
  });

  it('stops a user after REALTIME_OFFERS_PER_MINUTE offers in a minute (429, Retry-After), not the others', async () => {
    const first = await limited.signedIn(await limited.createUser());
    const second = await limited.signedIn(await limited.createUser());
    const offer = 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';
    expect((await postOffer(first, offer)).status).toBe(502);
    expect((await postOffer(first, offer)).status).toBe(502);
    const stopped = await postOffer(first, offer);
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await postOffer(second, offer)).status).toBe(502);
  });

  it('requires a session', async () => {
    expect((await postOffer(app.client(), 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n')).status).toBe(401);
  });
});

describe('GET /api/realtime/ice-servers', () => {
  it('gives the public STUN server by default', async () => {
    const response = await user.get('/api/realtime/ice-servers');
    expect(iceServersResponseSchema.parse(response.body)).toEqual({
      iceServers: [{ urls: ['stun:stun.l.google.com:19302'] }],
    });
  });
});

describe('without OPENAI_API_KEY, and with other ICE servers', () => {
  it('answers 503 naming the variable to set', async () => {
    const client = await bare.signedIn(await bare.createUser());
    const response = await postOffer(client, 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ message: NOT_CONFIGURED, code: 'not_configured' });
    expect(NOT_CONFIGURED).toContain('OPENAI_API_KEY');
  });

  it('serves the configured STUN and TURN servers, TURN with its credentials', async () => {
    const client = await bare.signedIn(await bare.createUser());
    expect((await client.get('/api/realtime/ice-servers')).body).toEqual({
      iceServers: [
        { urls: ['stun:stun.example.test:3478'] },
        { urls: ['turn:turn.example.test:3478?transport=udp'], username: 'annie', credential: 'secret' },
      ],
    });
  });
});
