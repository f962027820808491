import { callSessionListSchema } from '@annie/contracts/calls';
import {
  CALL_LIVE_EVENT,
  PURPOSE_REQUIRED_MESSAGE,
  phoneCallSchema,
  VOICE_PROFILE_UNKNOWN_MESSAGE,
} from '@annie/contracts/phone-calls';
import { describe, expect, it } from 'vitest';
import { openLiveStream } from '../../../../test/event-stream.ts';
import { PHONE_CALL_HEADING } from './phone-call-brief.ts';
import { hangUpPhoneCall } from './phone-call-panel.service.ts';
import { callSessionRecorder } from './phone-call-sessions.ts';
import { phoneCallingOf } from './phone-calling.ts';
import { phoneCallHelpers } from './testing/phone-call-helpers.ts';
import { startPhoneHarness } from './testing/phone-test-harness.ts';

// The live call panel's side of the API: a purpose is required, the call is read and ended by its call
// session id, only by whom the server allows, and its changes are live events for its user alone.
const phone = await startPhoneHarness();
const { app, twilio, client } = phone;
const { callee, waitFor, latestSession, instructionsOf } = phoneCallHelpers(phone);

const colleague = await app.signedIn(await app.createUser());
const otherTenant = await app.signedIn(await app.createUser({ tenantId: 'tenant-panel', isAdmin: true }));

let nextNumber = 2700;
/** A call in progress (the callee never hangs up) to a fresh number, placed by `as`. */
async function callInProgress(purpose: string, as = client, profileId?: string) {
  callee(undefined);
  nextNumber += 1;
  const to = `+1415555${nextNumber}`;
  const started = await phone.startCall({ to, message: purpose, profileId }, as);
  expect(started.status).toBe(201);
  const id = (started.body as { id: string }).id;
  const fake = () => twilio.calls.calls.find((call) => call.to === to);
  await waitFor(() => expect(fake()?.stream).toBeDefined());
  return { id, to, sid: () => fake()?.sid ?? '', fake };
}

describe('POST /api/annie/call/start: the purpose', () => {
  it('refuses a missing, empty or blank purpose with 400 and its message, and dials nobody', async () => {
    const before = twilio.calls.calls.length;
    for (const body of [
      { to: '+14155552601' },
      { to: '+14155552601', message: '' },
      { to: '+14155552601', message: ' \n\t ' },
    ]) {
      const response = await phone.startCall(body);
      expect(response.status).toBe(400);
      expect(response.text).toContain(PURPOSE_REQUIRED_MESSAGE);
    }
    expect(twilio.calls.calls.length).toBe(before);
  });

  it('stores the purpose with the call session and tells it to the assistant', async () => {
    const sessions = phone.realtime.sessions.length;
    const contact = await client.post('/api/contacts', {
      name: 'Daniel Osei',
      phonePrimary: `+1415555${nextNumber + 1}`,
    });
    expect(contact.status).toBe(201);
    const call = await callInProgress('Confirm the 3 pm fitting on Thursday');
    const { rows } = await app.pool.query('select purpose, direction from call_session where id = $1', [
      call.id,
    ]);
    expect(rows).toEqual([{ purpose: 'Confirm the 3 pm fitting on Thursday', direction: 'outbound' }]);
    const instructions = instructionsOf(await latestSession(sessions + 1));
    expect(instructions).toContain(`${PHONE_CALL_HEADING}`);
    expect(instructions).toContain('Purpose of the call: Confirm the 3 pm fitting on Thursday');
    const read = phoneCallSchema.parse((await client.get(`/api/annie/call/${call.id}`)).body);
    expect(read).toMatchObject({
      direction: 'outbound',
      purpose: 'Confirm the 3 pm fitting on Thursday',
      contactName: 'Daniel Osei',
    });
    // Call History shows the same: the direction, the purpose and whom the call was with.
    const listed = callSessionListSchema.parse((await client.get('/api/call-sessions')).body);
    expect(listed.find((session) => session.id === call.id)).toMatchObject({
      direction: 'outbound',
      purpose: 'Confirm the 3 pm fitting on Thursday',
      contactName: 'Daniel Osei',
      callerId: call.to,
    });
    await twilio.calls.hangUp(call.sid());
  });
});

describe('POST /api/annie/call/start: the voice profile', () => {
  type SessionVoice = { session: { audio?: { output?: { voice?: string } } } };
  const voiceOf = async (count: number) =>
    ((await latestSession(count)).eventsOf('session.update')[0] as unknown as SessionVoice).session.audio
      ?.output?.voice;

  it('speaks with the chosen profile, and with the default one when none is chosen', async () => {
    // The default profile speaks with cedar; the chosen one with marin.
    const everyday = await client.post('/api/voice/profiles', {
      name: 'Everyday',
      voice: 'cedar',
      isDefault: true,
    });
    expect(everyday.status).toBe(201);
    const chosen = await client.post('/api/voice/profiles', { name: 'Calls out', voice: 'marin' });
    expect(chosen.status).toBe(201);
    const sessions = phone.realtime.sessions.length;
    const withChosen = await callInProgress('Ask for the quote', client, (chosen.body as { id: string }).id);
    expect(await voiceOf(sessions + 1)).toBe('marin');
    await twilio.calls.hangUp(withChosen.sid());
    const withDefault = await callInProgress('Ask for the quote again');
    expect(await voiceOf(sessions + 2)).toBe('cedar');
    await twilio.calls.hangUp(withDefault.sid());
  });

  it("refuses a profile that is not the tenant's with 400, before Twilio", async () => {
    const theirs = await otherTenant.post('/api/voice/profiles', { name: 'Not yours', voice: 'marin' });
    expect(theirs.status).toBe(201);
    const before = twilio.calls.calls.length;
    for (const profileId of [(theirs.body as { id: string }).id, 'not-a-profile']) {
      const response = await phone.startCall({ to: '+14155552602', message: 'Hello', profileId });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: VOICE_PROFILE_UNKNOWN_MESSAGE });
    }
    expect(twilio.calls.calls.length).toBe(before);
  });
});

describe('GET /api/annie/call/:id', () => {
  it("answers the caller's own call with its status, and 404 to another user or tenant", async () => {
    const call = await callInProgress('Ask about the invoice');
    const read = phoneCallSchema.parse((await client.get(`/api/annie/call/${call.id}`)).body);
    expect(read).toMatchObject({ id: call.id, status: 'in-progress', remoteE164: call.to, endedAt: null });
    expect((await colleague.get(`/api/annie/call/${call.id}`)).status).toBe(404);
    expect((await otherTenant.get(`/api/annie/call/${call.id}`)).status).toBe(404);
    expect((await app.client().get(`/api/annie/call/${call.id}`)).status).toBe(401);
    await twilio.calls.hangUp(call.sid());
  });
});

describe('POST /api/annie/call/:id/end', () => {
  it('hangs up through Twilio for the user who placed the call, and the call ends', async () => {
    const call = await callInProgress('Book a table for two');
    const ended = await client.post(`/api/annie/call/${call.id}/end`, {});
    expect(ended.status).toBe(200);
    expect(call.fake()?.endRequestedAt).toBeDefined();
    await twilio.calls.ended(call.sid());
    await waitFor(async () => {
      const read = phoneCallSchema.parse((await client.get(`/api/annie/call/${call.id}`)).body);
      expect(read).toMatchObject({ status: 'completed', endedAt: expect.any(String) });
    });
    // Ending it again changes nothing and asks Twilio nothing.
    const again = await client.post(`/api/annie/call/${call.id}/end`, {});
    expect(again.status).toBe(200);
    expect(phoneCallSchema.parse(again.body).status).toBe('completed');
  });

  it('refuses another user of the tenant and another tenant (404); Twilio is never asked', async () => {
    const call = await callInProgress('Reschedule the dentist');
    const byColleague = await colleague.post(`/api/annie/call/${call.id}/end`, {});
    expect(byColleague.status).toBe(404);
    expect(byColleague.body).toMatchObject({ message: 'Call not found' });
    const byOtherTenant = await otherTenant.post(`/api/annie/call/${call.id}/end`, {});
    expect(byOtherTenant.status).toBe(404);
    expect((await app.client().post(`/api/annie/call/${call.id}/end`, {})).status).toBe(401);
    expect(call.fake()?.endRequestedAt).toBeUndefined();
    expect(call.fake()?.status).toBe('in-progress');
    await twilio.calls.hangUp(call.sid());
  });

  it('cancels a call still ringing (Twilio leaves a ringing call alone on "completed") and ends it', async () => {
    const call = await callInProgress('Ring only');
    // As if Twilio had reported no answer yet.
    await app.pool.query("update phone_call set status = 'ringing' where call_session_id = $1", [call.id]);
    const asked: string[] = [];
    const calling = phoneCallingOf(app.config);
    const deps = {
      pool: app.pool,
      sessions: callSessionRecorder(app.orm, app.pool),
      calling: {
        ...calling,
        calls: {
          place: () => Promise.reject(new Error('not in this test')),
          hangUp: async (_sid: string, how?: string) => {
            asked.push(how ?? 'completed');
            return { status: 'canceled' };
          },
        },
      },
    };
    const me = (await client.get('/api/auth/user')).body as { id: string; tenantId: string };
    const em = app.orm.em.fork();
    em.setFilterParams('tenant', { tenantId: me.tenantId });
    const ended = await hangUpPhoneCall(
      deps,
      em,
      { tenantId: me.tenantId, userId: me.id, isAdmin: false },
      call.id,
    );
    expect(asked).toEqual(['canceled']);
    expect(ended).toMatchObject({ status: 'canceled', endedAt: expect.any(String) });
    await twilio.calls.hangUp(call.sid());
  });

  it("lets an administrator of the tenant end a colleague's call", async () => {
    // `client` is an administrator; the colleague places the call.
    const call = await callInProgress('Check the parcel arrived', colleague);
    expect((await client.post(`/api/annie/call/${call.id}/end`, {})).status).toBe(200);
    expect(call.fake()?.endRequestedAt).toBeDefined();
    await twilio.calls.ended(call.sid());
  });
});

describe('GET /api/call-sessions/events', () => {
  it("streams the caller's call as it goes (statuses, transcript, end) and nothing to a colleague", async () => {
    const mine = await openLiveStream(client, '/api/call-sessions/events');
    const theirs = await openLiveStream(colleague, '/api/call-sessions/events');
    try {
      const call = await callInProgress('Say happy birthday');
      const ofCall = (event: { event: string; data: unknown }) =>
        event.event === CALL_LIVE_EVENT && (event.data as { id: string }).id === call.id;
      await mine.next(
        (event) => ofCall(event) && (event.data as { status?: string }).status === 'in-progress',
      );
      await twilio.calls.hangUp(call.sid());
      await mine.next((event) => ofCall(event) && (event.data as { status?: string }).status === 'completed');
      const statuses = mine.events
        .filter(ofCall)
        .flatMap((event) => (event.data as { status?: string }).status ?? []);
      // Forward only (Twilio's "queued" answer may come after its "initiated" callback, and is then dropped).
      expect(statuses.slice(-3)).toEqual(['ringing', 'in-progress', 'completed']);
      // Ids and statuses only: whose call it is stays on the server.
      expect(mine.events.filter(ofCall).every((event) => !('userId' in (event.data as object)))).toBe(true);
      expect(theirs.events.filter(ofCall)).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
