import { callSessionListSchema } from '@annie/contracts/calls';
import { calleeAudio } from '@annie/fakes/mulaw';
import type { RealtimeFakeSession } from '@annie/fakes/openai-realtime-fake';
import { connectActionOf, streamOfTwiml } from '@annie/fakes/twilio-fake-calls';
import { postSignedWebhook } from '@annie/fakes/twilio-fake-webhooks';
import { describe, expect, it } from 'vitest';
import { CALL_NOT_RESUMED_SAY } from './phone-call-resume.ts';
import { RESUMED_NOTE } from './resumed-stream.ts';
import { phoneCallHelpers } from './testing/phone-call-helpers.ts';
import {
  FRONT_DESK,
  ownerCalls,
  PASSCODE,
  systemNotes,
  toolNames,
  updatesOf,
} from './testing/phone-owner-calls.ts';
import { PUBLIC_URL, startPhoneHarness } from './testing/phone-test-harness.ts';

// A call whose media stream is cut (its instance crashed, the network failed) is not hung up: Twilio runs
// the <Connect action>, and the signed, single-use webhook gives the call a new stream that starts from
// what the database holds. The two-instance crash (kill -9) is api/src/phone-calls-chaos.test.ts.
const phone = await startPhoneHarness();
const { twilio, realtime, client, app } = phone;
const { callee, waitFor } = phoneCallHelpers(phone);
const { ring, hangUp, executiveWithNumber } = ownerCalls(phone);

async function sessionById(id: string) {
  const sessions = callSessionListSchema.parse((await client.get('/api/call-sessions')).body);
  return sessions.find((session) => session.id === id);
}

/** The message items the app seeded a realtime session with (a resumed call's history). */
const seeded = (session: RealtimeFakeSession) =>
  session
    .eventsOf('conversation.item.create')
    .map((event) => event.item as { role?: string; content?: { text?: string }[] })
    .filter((item) => item.role === 'user' || item.role === 'assistant')
    .map((item) => ({ role: item.role, content: item.content?.[0]?.text }));

/** Twilio requests the <Connect action> of `twiml` again (a replay of its signed URL). */
const replayAction = (twiml: string, callSid: string) => {
  const action = connectActionOf(twiml) ?? '';
  return postSignedWebhook(
    twilio.authToken,
    action,
    { AccountSid: twilio.accountSid, CallSid: callSid, CallStatus: 'in-progress' },
    action.replace(PUBLIC_URL, app.baseUrl),
  );
};

describe('a call whose media stream is cut resumes on a new stream', () => {
  it('within 2 s, with the conversation so far: one session, one transcript, one figures row', async () => {
    callee(undefined, calleeAudio(), true);
    const started = await phone.startCall({ to: '+14155554001', message: 'Book the table' });
    expect(started.status).toBe(201);
    const call = twilio.calls.calls.at(-1);
    const sid = call?.sid ?? '';
    await waitFor(async () =>
      expect((await sessionById(started.body.id))?.transcript.map((line) => line.role)).toEqual([
        'assistant',
        'user',
        'assistant',
      ]),
    );
    const before = (await sessionById(started.body.id))?.transcript ?? [];
    const sessions = realtime.sessions.length;
    const cutAt = performance.now();
    twilio.calls.dropStream(sid);
    await waitFor(() => expect(call?.streams[1]?.media.length).toBeGreaterThan(0));
    // Cut → the assistant is heard again on the new stream.
    expect((call?.streams[1]?.media[0]?.at ?? Number.NaN) - cutAt).toBeLessThan(2_000);
    expect(call?.streams[0]?.closedBy).toBe('network');
    expect(call?.actions.map((action) => action.reply)).toEqual([200]);
    expect(realtime.sessions).toHaveLength(sessions + 1);
    const resumed = realtime.sessions.at(-1) as RealtimeFakeSession;
    // The new realtime session heard the stored transcript first, then was told to carry on, not greet.
    expect(seeded(resumed)).toEqual(before.map(({ role, content }) => ({ role, content })));
    expect(systemNotes(resumed)).toEqual([RESUMED_NOTE]);
    await twilio.calls.hangUp(sid);
    await waitFor(async () => expect((await sessionById(started.body.id))?.endedAt).not.toBeNull());
    const saved = await sessionById(started.body.id);
    // One transcript: the first stream's lines, then the resumed stream's.
    expect(saved?.transcript.slice(0, before.length)).toEqual(before);
    expect(saved?.transcript.length).toBeGreaterThan(before.length);
    const { rows } = await app.pool.query(
      'select figures from call_session_figures where call_session_id = $1',
      [started.body.id],
    );
    expect(rows).toHaveLength(1);
    // The caller spoke on the first stream only: its latency is in the call's one figures row.
    await waitFor(async () =>
      expect((await sessionById(started.body.id))?.figures?.latenciesMs).toHaveLength(1),
    );
    const row = await app.pool.query('select resumes from phone_call where twilio_call_sid = $1', [sid]);
    expect(row.rows[0]?.resumes).toBe(1);
  });

  it('the resume URL is single-use and signed: a replay, a forged token or no signature revives nothing', async () => {
    callee(undefined, Buffer.alloc(0));
    await phone.startCall({ to: '+14155554002', message: 'Hello' });
    const call = twilio.calls.calls.at(-1);
    const sid = call?.sid ?? '';
    await waitFor(() => expect(call?.stream?.media.length).toBeGreaterThan(0));
    const first = call?.twiml ?? '';
    twilio.calls.dropStream(sid);
    await waitFor(() => expect(call?.streams[1]?.media.length).toBeGreaterThan(0));
    const sessions = realtime.sessions.length;
    // Twilio's own signature over the spent URL: the call is not given a second stream.
    const replay = await replayAction(first, sid);
    expect(replay.status).toBe(200);
    expect(streamOfTwiml(replay.text)).toBeUndefined();
    expect(replay.text).toContain(CALL_NOT_RESUMED_SAY);
    const forged = first.replace(/resume=[^"&]+/, 'resume=forged-token');
    expect(streamOfTwiml((await replayAction(forged, sid)).text)).toBeUndefined();
    const action = (connectActionOf(first) ?? '').replace(PUBLIC_URL, app.baseUrl);
    const unsigned = await fetch(action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ CallSid: sid, CallStatus: 'in-progress' }),
    });
    expect(unsigned.status).toBe(403);
    expect(realtime.sessions).toHaveLength(sessions);
    await twilio.calls.hangUp(sid);
  });

  it('a call that ended on purpose (end_call, hang-up) is not revived by its resume URL', async () => {
    realtime.setScript({ functionCall: { name: 'end_call', arguments: '{}' } });
    callee(undefined, Buffer.alloc(0));
    try {
      await phone.startCall({ to: '+14155554003', message: 'Say goodbye' });
      const call = twilio.calls.calls.at(-1);
      const ended = await twilio.calls.ended(call?.sid ?? '');
      expect(ended?.streams).toHaveLength(1);
      expect(ended?.actions).toEqual([]);
      const sessions = realtime.sessions.length;
      const replay = await replayAction(ended?.twiml ?? '', ended?.sid ?? '');
      expect(streamOfTwiml(replay.text)).toBeUndefined();
      expect(realtime.sessions).toHaveLength(sessions);
    } finally {
      realtime.setScript({ functionCall: undefined });
    }
  });
});

describe('the trust of a resumed call comes from its row only', () => {
  it('an owner who proved the passcode is still the owner on the new stream, without being asked again', async () => {
    const number = '+14155554101';
    await executiveWithNumber(number);
    const { sid, session } = await ring(number);
    twilio.calls.pressKeys(sid, `${PASSCODE}#`);
    await waitFor(() => expect(updatesOf(session)).toHaveLength(2));
    const ownerTools = toolNames(updatesOf(session)[1]);
    const sessions = realtime.sessions.length;
    twilio.calls.dropStream(sid);
    await waitFor(() => expect(realtime.sessions).toHaveLength(sessions + 1));
    const resumed = realtime.sessions.at(-1) as RealtimeFakeSession;
    await waitFor(() => expect(updatesOf(resumed).length).toBeGreaterThanOrEqual(2));
    expect(toolNames(updatesOf(resumed).at(-1))).toEqual(ownerTools);
    await hangUp(sid, number);
  });

  it('a caller from an owner’s number who did not prove it stays a caller on the new stream', async () => {
    const number = '+14155554102';
    await executiveWithNumber(number);
    const { sid, session } = await ring(number);
    const sessions = realtime.sessions.length;
    twilio.calls.dropStream(sid);
    await waitFor(() => expect(realtime.sessions).toHaveLength(sessions + 1));
    const resumed = realtime.sessions.at(-1) as RealtimeFakeSession;
    await waitFor(() => expect(updatesOf(resumed)).toHaveLength(1));
    expect(toolNames(updatesOf(resumed)[0])).toEqual(toolNames(updatesOf(session)[0]));
    expect(toolNames(updatesOf(resumed)[0])).toEqual(FRONT_DESK);
    await hangUp(sid, number);
  });
});
