import { callSessionListSchema } from '@annie/contracts/calls';
import { END_CALL_OUTPUT } from '@annie/contracts/voice-tools';
import { calleeAudio } from '@annie/fakes/mulaw';
import { streamOfTwiml } from '@annie/fakes/twilio-fake-calls';
import { twilioSignature } from '@annie/fakes/twilio-signature';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PHONE_CALL_HEADING } from './phone-call-brief.ts';
import { CALL_STATUS_WEBHOOK_PATH, MEDIA_STREAM_PATH } from './phone-calling.ts';
import { phoneCallHelpers } from './testing/phone-call-helpers.ts';
import { BUSINESS_NUMBER, PUBLIC_URL, startPhoneHarness } from './testing/phone-test-harness.ts';

const phone = await startPhoneHarness();
const { twilio, realtime, client, app } = phone;
const { callee, waitFor, latestSession, instructionsOf } = phoneCallHelpers(phone);

type SessionAudio = { session: { audio: { input: { format: unknown } } } };

async function sessionById(id: string, as = client) {
  const sessions = callSessionListSchema.parse((await as.get('/api/call-sessions')).body);
  return sessions.find((session) => session.id === id);
}

const streamUrlOf = (id: string) => `wss://annie.example.test${MEDIA_STREAM_PATH}/${id}`;
const loopbackStreamUrlOf = (id: string) => `${app.baseUrl.replace('http', 'ws')}${MEDIA_STREAM_PATH}/${id}`;

/** Opens the media-stream WebSocket as a client that is not Twilio; resolves with the HTTP refusal or 101. */
function tryUpgrade(id: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(loopbackStreamUrlOf(id), { headers });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', () => resolve(0));
  });
}

describe('an outbound phone call end to end (Twilio fake as the callee, realtime fake as OpenAI)', () => {
  it('bridges μ-law both ways with the profile, purpose and contact, saves both sides and ends on hang-up', async () => {
    await client.post('/api/contacts', {
      name: 'Fiona Florist',
      nickname: 'Fi',
      relationship: 'service',
      phonePrimary: '+14155553001',
      notes: 'Delivers on Fridays',
    });
    // The callee hears the greeting out before it speaks, so the greeting is saved whole, first.
    callee(undefined, calleeAudio(), true);
    const started = await phone.startCall({
      to: '+14155553001',
      message: "Move Friday's delivery to Monday",
    });
    expect(started.status).toBe(201);
    const session = await latestSession(1);
    const update = session.eventsOf('session.update')[0] as unknown as SessionAudio;
    expect(update.session.audio.input.format).toEqual({ type: 'audio/pcmu' });
    const instructions = instructionsOf(session);
    expect(instructions).toContain(PHONE_CALL_HEADING);
    expect(instructions).toContain("Purpose of the call: Move Friday's delivery to Monday");
    expect(instructions).toContain('Fiona Florist (they go by Fi), a service contact');
    // The executive's notes about the contact are never told to the contact.
    expect(instructions).not.toContain('Delivers on Fridays');
    // The callee's whole fixture reached OpenAI, byte for byte as μ-law; the assistant's audio reached the callee.
    await waitFor(() => expect(session.appendedAudioBytes).toBe(calleeAudio().length));
    const call = twilio.calls.calls.at(-1);
    await waitFor(() => expect(call?.stream?.media.length).toBeGreaterThan(0));
    expect(call?.stream?.unexpected).toEqual([]);
    // Both sides of the conversation are in the call session, in order.
    await waitFor(async () => {
      const saved = await sessionById(started.body.id);
      expect(saved?.transcript.map((line) => line.role)).toEqual(['assistant', 'user', 'assistant']);
    });
    const saved = await sessionById(started.body.id);
    expect(saved?.transcript[1]?.content).toBe('Good afternoon, James. What is in my diary today?');
    expect(saved?.endedAt).toBeNull();
    await twilio.calls.hangUp(call?.sid ?? '');
    await waitFor(async () => expect((await sessionById(started.body.id))?.endedAt).not.toBeNull());
    await waitFor(() => expect(session.closed).toBe(true));
  });

  it('barge-in: the callee speaking over the reply sends Twilio clear and truncates what was not heard', async () => {
    // The callee talks in real time from the start; the fake hears a turn after 0.5 s of it (4,000 μ-law
    // bytes), well inside the 1.8 s greeting (18 chunks of 100 ms).
    const turnBytes = 4_000;
    twilio.calls.callee = { audio: calleeAudio(), frameIntervalMs: 20 };
    realtime.setScript({ audioChunksPerReply: 18, bytesPerUserTurn: turnBytes });
    try {
      const started = await phone.startCall({ to: '+14155553002', message: 'Confirm lunch' });
      expect(started.status).toBe(201);
      const session = await latestSession(2);
      const call = twilio.calls.calls.at(-1);
      await waitFor(() => expect(call?.stream?.clears).toBeGreaterThanOrEqual(1));
      const [truncate] = session.eventsOf('conversation.item.truncate');
      // What was heard is at most the time between the greeting's first audio leaving OpenAI and the
      // truncate reaching it (1 ms for the clocks' rounding), and never the whole greeting.
      const truncatedAt = session.receivedAt[session.received.indexOf(truncate as never)] ?? 0;
      const heardAtMost = truncatedAt - (session.sentAudioAt[0] ?? 0) + 1;
      expect(truncate?.audio_end_ms).toBeLessThanOrEqual(Math.min(heardAtMost, 1_800));
      // And at least the time between the greeting's first audio reaching Twilio and the callee's turn
      // being heard (the append that completed it, when the fake sent speech_started): the app cannot
      // have interrupted earlier, nor started the greeting later (2 ms for two clocks' rounding).
      let appended = 0;
      const turnHeard = session.received.findIndex((event) => {
        if (event.type !== 'input_audio_buffer.append') return false;
        appended += Buffer.from(String(event.audio), 'base64').length;
        return appended >= turnBytes;
      });
      const heardAtLeast = (session.receivedAt[turnHeard] ?? 0) - (call?.stream?.media[0]?.at ?? 0) - 2;
      expect(truncate?.audio_end_ms).toBeGreaterThanOrEqual(heardAtLeast);
      await twilio.calls.hangUp(call?.sid ?? '');
      // The call's figures count the barge-in.
      await waitFor(async () => expect((await sessionById(started.body.id))?.figures?.interruptions).toBe(1));
    } finally {
      realtime.setScript({ audioChunksPerReply: 3, bytesPerUserTurn: 24_000 });
    }
  });

  it('end_call runs server side: the goodbye plays out (mark echoed), then the app hangs up through Twilio', async () => {
    realtime.setScript({ functionCall: { name: 'end_call', arguments: '{}' } });
    callee(undefined, Buffer.alloc(0));
    try {
      const started = await phone.startCall({ to: '+14155553003', message: 'Say goodbye' });
      const session = await latestSession(3);
      const call = twilio.calls.calls.at(-1);
      const ended = await twilio.calls.ended(call?.sid ?? '');
      expect(ended?.stream?.marks).toEqual(['end_call']);
      expect(ended?.stream?.echoedMarks).toContain('end_call');
      // The mark followed the whole goodbye (the reply to the tool output: 3 × 100 ms = 2,400 μ-law bytes).
      const sent = ended?.stream?.media.reduce((sum, media) => sum + media.bytes, 0) ?? 0;
      expect(sent).toBe(3 * 800);
      expect(ended?.stream?.markAfterBytes).toEqual([sent]);
      expect(ended?.stream?.closedBy).toBe('fake');
      // It is the echo that hangs up, not the app's fallback timer: the app asked Twilio to end the call
      // within a second of the fake echoing the mark (times taken by the fake, on one clock).
      const echoedAt = ended?.stream?.echoedMarkAt[0] ?? Number.NaN;
      const hangUpDelay = (ended?.endRequestedAt ?? Number.NaN) - echoedAt;
      expect(hangUpDelay).toBeGreaterThanOrEqual(0);
      expect(hangUpDelay).toBeLessThan(1_000);
      const output = session.eventsOf('conversation.item.create')[0] as { item?: { output?: string } };
      expect(JSON.parse(output?.item?.output ?? '{}')).toEqual({ success: true, message: END_CALL_OUTPUT });
      await waitFor(async () => expect((await sessionById(started.body.id))?.endedAt).not.toBeNull());
    } finally {
      realtime.setScript({ functionCall: undefined });
    }
  });
});

describe('tools in a phone call', () => {
  it('the person an outbound call reaches gets the front desk: a knowledge search is neither offered nor run', async () => {
    await client.post('/api/knowledge/facts', { key: 'florist_day', value: 'Deliveries on Friday mornings' });
    realtime.setScript({ functionCall: { name: 'search_knowledge_base', arguments: '{"query":"florist"}' } });
    callee(undefined, Buffer.alloc(0));
    try {
      const count = realtime.sessions.length;
      await phone.startCall({ to: '+14155553007', message: 'Ask about the florist' });
      const session = await latestSession(count + 1);
      const update = session.eventsOf('session.update')[0] as unknown as {
        session: { tools: { name: string }[] };
      };
      expect(update.session.tools.map((tool) => tool.name)).toEqual([
        'take_message',
        'request_text_to_caller',
        'end_call',
      ]);
      // The model names a tool it was not offered: the server refuses it, and no knowledge reaches it.
      await waitFor(() => expect(session.eventsOf('conversation.item.create')).toHaveLength(1));
      const item = session.eventsOf('conversation.item.create')[0]?.item as { type: string; output: string };
      expect(item.type).toBe('function_call_output');
      expect(JSON.parse(item.output)).toEqual({
        error: 'search_knowledge_base is not available to this caller',
      });
      await twilio.calls.hangUp(twilio.calls.calls.at(-1)?.sid ?? '');
    } finally {
      realtime.setScript({ functionCall: undefined });
    }
  });
});

describe("the media-stream WebSocket accepts only Twilio's signed handshake for a call it placed, once", () => {
  it('refuses unsigned, wrongly signed and unknown-call handshakes, and a second stream for a call', async () => {
    callee(undefined, Buffer.alloc(0));
    const count = realtime.sessions.length;
    const started = await phone.startCall({ to: '+14155553004', message: 'Hello' });
    const call = twilio.calls.calls.at(-1);
    await waitFor(() => expect(call?.stream).toBeDefined());
    const id = /[0-9a-f-]{36}$/.exec(streamOfTwiml(call?.twiml ?? '')?.url ?? '')?.[0] ?? '';
    expect(await tryUpgrade(id, {})).toBe(403);
    // Signed over the loopback address the request arrived on, or with another token: not Twilio's.
    expect(
      await tryUpgrade(id, {
        'X-Twilio-Signature': twilioSignature(twilio.authToken, loopbackStreamUrlOf(id), {}),
      }),
    ).toBe(403);
    expect(
      await tryUpgrade(id, { 'X-Twilio-Signature': twilioSignature('another-token', streamUrlOf(id), {}) }),
    ).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      await tryUpgrade(unknown, {
        'X-Twilio-Signature': twilioSignature(twilio.authToken, streamUrlOf(unknown), {}),
      }),
    ).toBe(404);
    // The call's stream is open: its single-use token is spent, so a second (signed) stream is refused.
    await waitFor(async () => {
      const { rows } = await app.pool.query('select stream_sid from phone_call where id = $1', [id]);
      expect(rows[0]?.stream_sid).toBeTruthy();
    });
    expect(
      await tryUpgrade(id, { 'X-Twilio-Signature': twilioSignature(twilio.authToken, streamUrlOf(id), {}) }),
    ).toBe(404);
    // Its realtime session is opened before the hang-up, so it cannot turn up during the next test.
    await latestSession(count + 1);
    await twilio.calls.hangUp(call?.sid ?? '');
    expect(started.status).toBe(201);
  });

  it('closes a signed stream whose start carries the wrong token, before any realtime session', async () => {
    const { rows } = await app.pool.query(
      `insert into phone_call (id, tenant_id, user_id, direction, remote_e164, assistant_e164, status, stream_token_hash)
       select gen_random_uuid(), tenant_id, id, 'outbound', '+14155553005', $1, 'in-progress', 'not-a-real-hash'
       from app_user where tenant_id = 'default' limit 1 returning id`,
      [BUSINESS_NUMBER],
    );
    const id = rows[0].id as string;
    const sessionsBefore = realtime.sessions.length;
    const socket = new WebSocket(loopbackStreamUrlOf(id), {
      headers: { 'X-Twilio-Signature': twilioSignature(twilio.authToken, streamUrlOf(id), {}) },
    });
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(
      JSON.stringify({
        event: 'start',
        streamSid: 'MZ1',
        start: { callSid: 'CA1', streamSid: 'MZ1', customParameters: { streamToken: 'guessed' } },
      }),
    );
    expect(await closed).toBe(1008);
    expect(realtime.sessions.length).toBe(sessionsBefore);
  });
});

describe('status callbacks', () => {
  const post = (id: string, params: Record<string, string>, signature?: string) => {
    const path = `${CALL_STATUS_WEBHOOK_PATH}?phoneCallId=${id}`;
    return fetch(`${app.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': signature ?? twilioSignature(twilio.authToken, `${PUBLIC_URL}${path}`, params),
      },
      body: new URLSearchParams(params),
    });
  };

  it('refuse a forgery, move only forward, and end the session once (redeliveries change nothing)', async () => {
    callee(undefined, Buffer.alloc(0));
    const started = await phone.startCall({ to: '+14155553006', message: 'Status' });
    const call = twilio.calls.calls.at(-1);
    await waitFor(() => expect(call?.stream).toBeDefined());
    const id = /[0-9a-f-]{36}$/.exec(streamOfTwiml(call?.twiml ?? '')?.url ?? '')?.[0] ?? '';
    const statusOf = async () =>
      (await app.pool.query('select status, ended_at from phone_call where id = $1', [id])).rows[0];
    const completed = { CallSid: call?.sid ?? '', CallStatus: 'completed' };
    expect((await post(id, completed, 'forged')).status).toBe(403);
    expect((await statusOf()).status).toBe('in-progress');
    // Signed, but about another call: this call is not ended by it.
    expect((await post(id, { CallSid: 'CAanother', CallStatus: 'completed' })).status).toBe(204);
    expect((await statusOf()).status).toBe('in-progress');
    expect((await post(id, completed)).status).toBe(204);
    const first = await statusOf();
    expect(first).toMatchObject({ status: 'completed', ended_at: expect.any(Date) });
    const endedAt = (await sessionById(started.body.id))?.endedAt;
    expect(endedAt).toEqual(expect.any(String));
    for (const late of ['ringing', 'in-progress', 'completed', 'busy']) {
      expect((await post(id, { CallSid: call?.sid ?? '', CallStatus: late })).status).toBe(204);
    }
    expect(await statusOf()).toEqual(first);
    expect((await sessionById(started.body.id))?.endedAt).toBe(endedAt);
    await twilio.calls.hangUp(call?.sid ?? '');
  });
});
