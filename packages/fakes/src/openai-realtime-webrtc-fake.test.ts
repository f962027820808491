import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { opusFixture } from './ogg-opus-packets.ts';
import { startOpenAIRealtimeWebRtcFake } from './openai-realtime-webrtc-fake.ts';
import { type PostOffer, WebRtcTestPeer } from './webrtc-test-peer.ts';

const API_KEY = 'test-key';
const fake = await startOpenAIRealtimeWebRtcFake({ apiKey: API_KEY });
const peers: WebRtcTestPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
  await fake.reset();
});
afterAll(() => fake.close());

const rawOffer: PostOffer = async (sdp) => {
  const response = await fetch(`${fake.baseURL}/realtime/calls`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/sdp' },
    body: sdp,
  });
  if (response.status !== 201) throw new Error(`${response.status}: ${await response.text()}`);
  return response.text();
};

const multipartOffer =
  (session: Record<string, unknown>): PostOffer =>
  async (sdp) => {
    const form = new FormData();
    form.set('sdp', new Blob([sdp], { type: 'application/sdp' }));
    form.set('session', new Blob([JSON.stringify(session)], { type: 'application/json' }));
    const response = await fetch(`${fake.baseURL}/realtime/calls`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${API_KEY}` },
      body: form,
    });
    if (response.status !== 201) throw new Error(`${response.status}: ${await response.text()}`);
    return response.text();
  };

async function connect(post: PostOffer) {
  const peer = await WebRtcTestPeer.connect(post);
  peers.push(peer);
  return { peer, call: await fake.nextCall() };
}

const control = (path: string, body?: unknown) =>
  fetch(`${fake.url}/__fake/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('the Ogg/Opus fixture', () => {
  it('holds 20 ms Opus packets (TOC config of a 20 ms frame), without the Ogg headers', () => {
    const packets = opusFixture('assistant-reply.opus');
    expect(packets.length).toBeGreaterThan(100);
    for (const packet of packets) {
      expect(packet.subarray(0, 8).toString('latin1')).not.toMatch(/^Opus(Head|Tags)/);
      // RFC 6716 §3.1: configs 3, 7, 11 (SILK), 15 (hybrid), 19/23/27/31 (CELT) are 20 ms frames.
      expect([3, 7, 11, 15, 19, 23, 27, 31]).toContain((packet[0] ?? 0) >> 3);
    }
  });
});

describe('POST /v1/realtime/calls', () => {
  it('answers a raw SDP offer with 201, application/sdp and a Location ending in the call id', async () => {
    const peer = await WebRtcTestPeer.connect(async (sdp) => {
      const response = await fetch(`${fake.baseURL}/realtime/calls`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/sdp' },
        body: sdp,
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('content-type')).toBe('application/sdp');
      const call = fake.calls.at(-1);
      expect(response.headers.get('location')).toBe(`/v1/realtime/calls/${call?.id}`);
      expect(call?.id).toMatch(/^rtc_[0-9a-f]{24}$/);
      const answer = await response.text();
      expect(answer).toMatch(/^v=0\r\n/);
      expect(answer).toContain('a=candidate:');
      return answer;
    });
    peers.push(peer);
    const { event } = await peer.waitForServerEvent('session.created');
    expect(event.session).toMatchObject({ type: 'realtime', id: expect.stringMatching(/^sess_/) });
  });

  it('keeps the session posted with a multipart offer', async () => {
    const session = { type: 'realtime', model: 'gpt-realtime', instructions: 'Be brief.' };
    const { peer, call } = await connect(multipartOffer(session));
    expect(call.offeredSession).toEqual(session);
    const { event } = await peer.waitForServerEvent('session.created');
    expect(event.session).toMatchObject(session);
  });

  it('refuses a session naming a model OpenAI no longer serves with its 404 model_not_found', async () => {
    const form = new FormData();
    form.set('sdp', new Blob(['v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n'], { type: 'application/sdp' }));
    const session = { type: 'realtime', model: 'gpt-4o-realtime-preview-2024-12-17' };
    form.set('session', new Blob([JSON.stringify(session)], { type: 'application/json' }));
    const response = await fetch(`${fake.baseURL}/realtime/calls`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${API_KEY}` },
      body: form,
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        message:
          'The model `gpt-4o-realtime-preview-2024-12-17` does not exist or you do not have access to it.',
        type: 'invalid_request_error',
        param: null,
        code: 'model_not_found',
      },
    });
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses a wrong API key (401), a body that is not an SDP offer (400), and an armed failure once', async () => {
    const post = (body: string, key = API_KEY) =>
      fetch(`${fake.baseURL}/realtime/calls`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/sdp' },
        body,
      });
    expect((await post('v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n', 'wrong')).status).toBe(401);
    const notOffer = await post('hello');
    expect(notOffer.status).toBe(400);
    expect(await notOffer.json()).toMatchObject({ error: { message: 'Invalid SDP offer.' } });
    await control('fail-next-call', {
      status: 429,
      message: 'Rate limit reached',
      code: 'rate_limit_exceeded',
    });
    const refused = await post('hello');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { message: 'Rate limit reached' } });
    expect((await post('hello')).status).toBe(400);
    expect(fake.calls).toHaveLength(0);
  });
});

describe('POST /v1/realtime/calls/:id/hangup', () => {
  it('ends the call (the client sees its channel close), and answers 404 for an unknown call', async () => {
    const { peer, call } = await connect(rawOffer);
    const hangup = (id: string) =>
      fetch(`${fake.baseURL}/realtime/calls/${id}/hangup`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${API_KEY}` },
      });
    expect((await hangup(call.id)).status).toBe(200);
    expect(call.ended).toBe(true);
    await expect.poll(() => peer.channelState).toBe('closed');
    expect((await hangup('rtc_unknown')).status).toBe(404);
  });
});

describe('a call', () => {
  it('refuses a session.update that changes the model, and a response.create while one is active', async () => {
    const session = { type: 'realtime', model: 'gpt-realtime', instructions: 'Be brief.' };
    fake.setScript({ greeting: 'Good afternoon.', audioPackets: 5, wordIntervalMs: 20 });
    const { peer } = await connect(multipartOffer(session));
    await peer.waitForServerEvent('session.created');
    peer.send({
      type: 'session.update',
      event_id: 'evt_model',
      session: { type: 'realtime', model: 'gpt-other' },
    });
    const { event: refused } = await peer.waitForServerEvent('error');
    expect(refused.error).toMatchObject({
      type: 'invalid_request_error',
      param: 'session.model',
      event_id: 'evt_model',
    });
    peer.send({ type: 'response.create' });
    await peer.waitForServerEvent('response.created');
    peer.send({ type: 'response.create', event_id: 'evt_second' });
    const { event: busy } = await peer.waitForServerEvent('error', (event) =>
      JSON.stringify(event).includes('evt_second'),
    );
    expect(busy.error).toMatchObject({ code: 'conversation_already_has_active_response' });
    await peer.waitForServerEvent('output_audio_buffer.stopped');
    expect(peer.received.ofType('response.created')).toHaveLength(1);
  });

  it('answers session.update and greets on response.create with transcript deltas and Opus audio', async () => {
    fake.setScript({ greeting: 'Good afternoon, sir.', audioPackets: 5 });
    const { peer, call } = await connect(rawOffer);
    peer.send({ type: 'session.update', session: { type: 'realtime', instructions: 'Be brief.' } });
    const { event: updated } = await peer.waitForServerEvent('session.updated');
    expect(updated.session).toMatchObject({ instructions: 'Be brief.' });
    peer.send({ type: 'response.create' });
    await peer.waitForServerEvent('output_audio_buffer.stopped');
    const deltas = peer.received.ofType('response.output_audio_transcript.delta').map((event) => event.delta);
    expect(deltas.join('')).toBe('Good afternoon, sir.');
    const types = peer.received.events.map((event) => event.type);
    expect(types.indexOf('output_audio_buffer.started')).toBeLessThan(types.indexOf('response.done'));
    expect(peer.received.ofType('response.output_audio_transcript.done')[0]).toMatchObject({
      transcript: 'Good afternoon, sir.',
    });
    expect(call.rtpPacketsSent).toBe(5);
    await expect.poll(() => peer.rtpPacketsReceived).toBe(5);
    expect(call.received.ofType('session.update')).toHaveLength(1);
  });

  it('starts a response only after responseDelayMs, so the client sees its own state first', async () => {
    fake.setScript({ responseDelayMs: 300, audioPackets: 1 });
    const { peer } = await connect(rawOffer);
    peer.send({ type: 'response.create' });
    peer.send({ type: 'session.update', session: { type: 'realtime' } });
    await peer.waitForServerEvent('response.created');
    const types = peer.received.events.map((event) => event.type);
    expect(types.indexOf('session.updated')).toBeLessThan(types.indexOf('response.created'));
  });

  it('counts the microphone RTP packets it receives', async () => {
    const { peer, call } = await connect(rawOffer);
    await peer.speak(15);
    await expect.poll(() => call.rtpPacketsReceived).toBe(15);
  });

  it('runs a user turn into a function call, waits for its output and response.create, then speaks', async () => {
    fake.setScript({ replyAfterTool: 'The Henderson account renews in March.', audioPackets: 3 });
    const { peer, call } = await connect(rawOffer);
    void call.userSays({
      transcript: 'What do we know about Henderson?',
      functionCall: { name: 'search_knowledge_base', arguments: '{"query":"Henderson"}' },
    });
    const { event: transcribed } = await peer.waitForServerEvent(
      'conversation.item.input_audio_transcription.completed',
    );
    expect(transcribed.transcript).toBe('What do we know about Henderson?');
    expect(peer.received.ofType('input_audio_buffer.speech_started')).toHaveLength(1);
    expect(peer.received.ofType('input_audio_buffer.speech_stopped')).toHaveLength(1);
    const { event: asked } = await peer.waitForServerEvent('response.function_call_arguments.done');
    expect(asked).toMatchObject({ name: 'search_knowledge_base', arguments: '{"query":"Henderson"}' });
    const before = peer.received.events.length;
    peer.send({
      type: 'conversation.item.create',
      item: { type: 'function_call_output', call_id: asked.call_id, output: '{"facts":["renews in March"]}' },
    });
    peer.send({ type: 'response.create' });
    await call.waitForClientEvent('response.create');
    expect(call.toolOutputs).toEqual([{ callId: asked.call_id, output: '{"facts":["renews in March"]}' }]);
    const { event: spoken } = await peer.waitForServerEvent(
      'response.output_audio_transcript.done',
      undefined,
      {
        after: before,
      },
    );
    expect(spoken.transcript).toBe('The Henderson account renews in March.');
  });

  it('hears a user turn by itself after enough microphone audio when the script says so', async () => {
    fake.setScript({
      userTurnAfterPackets: 10,
      userTranscripts: ['Good afternoon, James.'],
      reply: 'Hello.',
    });
    const { peer } = await connect(rawOffer);
    await peer.speak(12);
    const { event } = await peer.waitForServerEvent('conversation.item.input_audio_transcription.completed');
    expect(event.transcript).toBe('Good afternoon, James.');
    await peer.waitForServerEvent(
      'response.output_audio_transcript.done',
      (done) => done.transcript === 'Hello.',
    );
  });

  it('merges session.update into the session key by key, as the API does', async () => {
    const offered = {
      type: 'realtime',
      audio: { input: { turn_detection: { type: 'server_vad' } }, output: { voice: 'cedar' } },
    };
    const { peer, call } = await connect(multipartOffer(offered));
    peer.send({
      type: 'session.update',
      session: { type: 'realtime', audio: { output: { voice: 'marin' } } },
    });
    await peer.waitForServerEvent('session.updated');
    expect(call.session.audio).toEqual({
      input: { turn_detection: { type: 'server_vad' } },
      output: { voice: 'marin' },
    });
  });

  it('only transcribes a turn once the client has turned detection off', async () => {
    const { peer, call } = await connect(rawOffer);
    peer.send({
      type: 'session.update',
      session: { type: 'realtime', audio: { input: { turn_detection: null } } },
    });
    await peer.waitForServerEvent('session.updated');
    await call.userSays({ transcript: 'Goodbye.' });
    await peer.waitForServerEvent('conversation.item.input_audio_transcription.completed');
    // The channel is ordered: a response to the turn would arrive before this marker's answer.
    const marker = peer.received.events.length;
    peer.send({ type: 'session.update', session: { type: 'realtime', instructions: 'marker' } });
    await peer.waitForServerEvent('session.updated', undefined, { after: marker });
    expect(peer.received.ofType('response.created')).toHaveLength(0);
  });
});

describe('the /__fake/ controls', () => {
  it('show a call, wait for a client event by partial match, and play a user turn', async () => {
    const { peer, call } = await connect(rawOffer);
    const waiting = control('calls/latest/wait-for-event', {
      type: 'conversation.item.create',
      match: { item: { type: 'function_call_output' } },
      timeoutMs: 5_000,
    });
    expect((await control('calls/latest/user-turn', { transcript: 'Check my diary.' })).status).toBe(202);
    await peer.waitForServerEvent('conversation.item.input_audio_transcription.completed');
    peer.send({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [] } });
    peer.send({
      type: 'conversation.item.create',
      item: { type: 'function_call_output', call_id: 'c1', output: 'ok' },
    });
    const answered = await waiting;
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ index: 1, event: { item: { call_id: 'c1' } } });
    const summary = await (await control(`calls/${call.id}`)).json();
    expect(summary as object).toMatchObject({
      id: call.id,
      channelOpen: true,
      toolOutputs: [{ callId: 'c1', output: 'ok' }],
    });
    const all = (await (await control('calls')).json()) as { id: string }[];
    expect(all.map((each) => each.id)).toEqual([call.id]);
  });

  it('answer 408 when the event does not come, and 404 for an unknown call', async () => {
    await connect(rawOffer);
    const timedOut = await control('calls/latest/wait-for-event', { type: 'response.create', timeoutMs: 50 });
    expect(timedOut.status).toBe(408);
    expect((await control('calls/rtc_unknown')).status).toBe(404);
  });

  it('refuse a script field that does not exist', async () => {
    const response = await control('script', { greting: 'typo' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Unknown script field(s): greting' });
  });
});
