import { callSessionListSchema } from '@annie/contracts/calls';
import { drainingSchema, readySchema } from '@annie/contracts/health-routes';
import type { RealtimeFakeSession } from '@annie/fakes/openai-realtime-fake';
import { describe, expect, it, vi } from 'vitest';
import { PASSCODE_ACCEPTED_NOTE } from '../../trust/party-brief.ts';
import { PROOF_POLL_MS } from '../../trust/phone-access-changes.ts';
import { setPassword } from '../../users/index.ts';
import { DRAIN_GOODBYE_INSTRUCTIONS } from './live-media-streams.ts';
import { phoneCallHelpers } from './testing/phone-call-helpers.ts';
import { ownerCalls, PASSCODE, systemNotes } from './testing/phone-owner-calls.ts';
import { startPhoneHarness } from './testing/phone-test-harness.ts';

// SIGTERM drains an instance (main.ts begins the drain, then stops the modules): readiness says so at
// once, no new stream is taken, the live call goes on for CALL_DRAIN_MS, then the assistant says it must
// go and hangs up through Twilio. Two real processes and a balancer: api/src/phone-calls-chaos.test.ts.
const CALL_DRAIN_MS = 1_500;
const phone = await startPhoneHarness({ env: { CALL_DRAIN_MS: String(CALL_DRAIN_MS) } });
const { twilio, realtime, client, app } = phone;
const { callee, waitFor, latestSession } = phoneCallHelpers(phone);
const { ring, executiveWithNumber } = ownerCalls(phone);
// The modules' stops run the drain: they exist once the background has started, as in main.ts.
await app.startBackground();

async function sessionById(id: string) {
  const sessions = callSessionListSchema.parse((await client.get('/api/call-sessions')).body);
  return sessions.find((session) => session.id === id);
}

const responseInstructions = (session: RealtimeFakeSession) =>
  session
    .eventsOf('response.create')
    .map((event) => (event.response as { instructions?: string } | undefined)?.instructions);

describe('draining on SIGTERM', () => {
  it("a proven owner's call on a draining instance still loses the owner's access when it is revoked", async () => {
    const number = '+14155555101';
    const { user } = await executiveWithNumber(number);
    const { sid, session } = await ring(number);
    twilio.calls.pressKeys(sid, `${PASSCODE}#`);
    await waitFor(() => expect(systemNotes(session)).toContain(PASSCODE_ACCEPTED_NOTE));
    // The drain closes the process's LISTEN connection first: no NOTIFY reaches the call any more.
    await app.deps.live.close();
    await setPassword(app.orm.em.fork(), user.username, 'a-brand-new-password');
    await vi.waitFor(() => expect(session.closed).toBe(true), {
      timeout: PROOF_POLL_MS + 3_000,
      interval: 20,
    });
    await waitFor(() =>
      expect(twilio.calls.calls.find((call) => call.sid === sid)?.status).toBe('completed'),
    );
  });

  it('readiness reports the live calls, answers 503 once draining, and new streams are refused', async () => {
    callee(undefined, Buffer.alloc(0));
    const count = realtime.sessions.length;
    const started = await phone.startCall({ to: '+14155555001', message: 'Stay on the line' });
    expect(started.status).toBe(201);
    const session = await latestSession(count + 1);
    const call = twilio.calls.calls.at(-1);
    await waitFor(() => expect(call?.stream?.media.length).toBeGreaterThan(0));
    const ready = await app.client().get('/readyz');
    expect(ready.status).toBe(200);
    expect(readySchema.parse(ready.body).live.phoneCalls).toBe(1);

    app.deps.lifecycle.beginDrain();
    const draining = await app.client().get('/readyz');
    expect(draining.status).toBe(503);
    expect(drainingSchema.parse(draining.body)).toMatchObject({ code: 'draining', live: { phoneCalls: 1 } });
    // A call that comes in now is answered, but its stream is refused here: the balancer would give
    // the <Connect action>'s new stream a ready instance (this one has none, so the caller hears why).
    const { sid } = await phone.ringApp('+14155555002');
    const refused = await twilio.calls.ended(sid);
    expect(refused?.streams[0]?.refusedWith).toBe(503);
    expect(refused?.streams.every((stream) => stream.refusedWith === 503)).toBe(true);
    expect(realtime.sessions.at(-1)).toBe(session);

    // The drain: the call in progress goes on for CALL_DRAIN_MS, then the assistant says it must go,
    // and once that has played (Twilio echoed the mark) the call is hung up through Twilio.
    const drainStarted = performance.now();
    const stopped = app.stopBackground();
    await new Promise((resolve) => setTimeout(resolve, CALL_DRAIN_MS / 2));
    expect(call?.status).toBe('in-progress');
    const ended = await twilio.calls.ended(call?.sid ?? '');
    await stopped;
    expect(ended?.endRequestedAt ?? 0).toBeGreaterThan(drainStarted + CALL_DRAIN_MS);
    expect(responseInstructions(session).at(-1)).toBe(DRAIN_GOODBYE_INSTRUCTIONS);
    expect(ended?.stream?.marks).toEqual(['end_call']);
    expect(ended?.stream?.echoedMarks).toEqual(['end_call']);
    expect(ended?.stream?.closedBy).toBe('fake');
    // The goodbye was heard to its end: every byte of assistant audio the realtime side sent reached Twilio.
    const heard = ended?.stream?.media.reduce((sum, media) => sum + media.bytes, 0);
    expect(heard).toBe(session.sentAudioAt.length * 800);
    expect(ended?.stream?.markAfterBytes).toEqual([heard]);
    const saved = await sessionById(started.body.id);
    expect(saved?.endedAt).not.toBeNull();
    expect(saved?.figures).not.toBeNull();
  });
});
