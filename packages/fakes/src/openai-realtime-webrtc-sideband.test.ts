import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startOpenAIRealtimeWebRtcFake } from './openai-realtime-webrtc-fake.ts';
import { WebRtcTestPeer } from './webrtc-test-peer.ts';

const API_KEY = 'test-key';
const fake = await startOpenAIRealtimeWebRtcFake({ apiKey: API_KEY });
const peers: WebRtcTestPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
  await fake.reset();
});
afterAll(() => fake.close());

async function connect() {
  const peer = await WebRtcTestPeer.connect(async (sdp) => {
    const response = await fetch(`${fake.baseURL}/realtime/calls`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/sdp' },
      body: sdp,
    });
    if (response.status !== 201) throw new Error(`${response.status}: ${await response.text()}`);
    return response.text();
  });
  peers.push(peer);
  return { peer, call: await fake.nextCall() };
}

type Opened = { socket: WebSocket; events: { type: string }[]; closed: Promise<number> };
type Refused = { status: number; body: { error: { code: string } } };

/** Dials the sideband as the SDK does: wss, `call_id` in the query, the key as a bearer token. */
function sideband(callId: string, key = API_KEY): Promise<Opened | Refused> {
  const url = `${fake.sideband.baseURL.replace('https', 'wss')}/realtime?call_id=${callId}`;
  const socket = new WebSocket(url, { ca: fake.sideband.ca, headers: { Authorization: `Bearer ${key}` } });
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(body) }));
    });
    socket.once('error', reject);
    socket.once('open', () => {
      const events: { type: string }[] = [];
      socket.on('message', (data) => events.push(JSON.parse(data.toString())));
      const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
      resolve({ socket, events, closed });
    });
  });
}

describe('the sideband connection to a WebRTC call', () => {
  it("mirrors the call's events, usage included, and closes when the call ends", async () => {
    const { call } = await connect();
    const opened = (await sideband(call.id)) as Opened;
    expect(opened.socket.readyState).toBe(WebSocket.OPEN);
    await call.userSays({ transcript: 'What is on today?' });
    await vi.waitFor(() => expect(opened.events.map((event) => event.type)).toContain('response.done'));
    const types = opened.events.map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'input_audio_buffer.speech_stopped',
        'conversation.item.input_audio_transcription.completed',
        'output_audio_buffer.started',
        'response.done',
      ]),
    );
    const done = opened.events.find((event) => event.type === 'response.done') as unknown as {
      response: { usage: unknown };
    };
    expect(done.response.usage).toEqual(call.usage.responses[0]);
    await call.hangup();
    expect(await opened.closed).toBe(1000);
  });

  it('takes client events from the server too', async () => {
    const { call } = await connect();
    const opened = (await sideband(call.id)) as Opened;
    opened.socket.send(JSON.stringify({ type: 'session.update', session: { instructions: 'Be brief.' } }));
    await call.waitForClientEvent('session.update');
    expect(call.session.instructions).toBe('Be brief.');
    opened.socket.close();
  });

  it('refuses a call id it never issued (404 call_id_not_found), and an ended call', async () => {
    const unknown = (await sideband('rtc_0123456789abcdef01234567')) as Refused;
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('call_id_not_found');
    const { call } = await connect();
    await call.hangup();
    expect(((await sideband(call.id)) as Refused).status).toBe(404);
  });

  it('refuses another key (401) even for a call it runs', async () => {
    const { call } = await connect();
    const refused = (await sideband(call.id, 'sk-someone-else')) as Refused;
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalid_api_key');
    expect(call.sidebandCount).toBe(0);
  });
});
