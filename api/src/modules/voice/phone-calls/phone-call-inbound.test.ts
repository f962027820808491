import { callSessionListSchema } from '@annie/contracts/calls';
import { streamOfTwiml } from '@annie/fakes/twilio-fake-calls';
import { postSignedWebhook } from '@annie/fakes/twilio-fake-webhooks';
import { describe, expect, it } from 'vitest';
import { sweepStaleCalls } from './phone-call.service.ts';
import { callSessionRecorder } from './phone-call-sessions.ts';
import { phoneCallingOf } from './phone-calling.ts';
import { phoneCallHelpers } from './testing/phone-call-helpers.ts';
import { BUSINESS_NUMBER, PUBLIC_URL, startPhoneHarness } from './testing/phone-test-harness.ts';

const phone = await startPhoneHarness();
const { twilio, realtime, client, app } = phone;
const { callee, waitFor, latestSession, instructionsOf } = phoneCallHelpers(phone);

describe('inbound calls to a tenant number', () => {
  it('greets a known caller without their name (caller ID can be spoofed) and records the call for the tenant owner', async () => {
    await client.post('/api/contacts', { name: 'Mum', relationship: 'family', phonePrimary: '+14155553101' });
    callee(undefined);
    const count = realtime.sessions.length;
    const { sid, reply } = await phone.ringApp('+14155553101');
    expect(reply.status).toBe(200);
    // The stream is resumable: Twilio asks the <Connect action> (our signed webhook) if it ends unexpectedly.
    expect(reply.text).toContain(
      `<Connect action="${PUBLIC_URL}/api/phone/webhooks/stream-ended?phoneCallId=`,
    );
    expect(reply.text).toContain('<Stream url="wss://annie.example.test/api/phone/media-streams/');
    const session = await latestSession(count + 1);
    expect(instructionsOf(session)).toContain('Greet the caller and ask for their name.');
    expect(instructionsOf(session)).not.toContain('Mum');
    expect(session.eventsOf('response.create').length).toBeGreaterThanOrEqual(1);
    await waitFor(async () => {
      const sessions = callSessionListSchema.parse((await client.get('/api/call-sessions')).body);
      expect(sessions[0]).toMatchObject({
        channel: 'twilio',
        direction: 'inbound',
        callerId: '+14155553101',
      });
      expect(sessions[0]?.transcript.length).toBeGreaterThan(0);
    });
    await twilio.calls.hangUp(sid);
    await waitFor(async () => {
      const sessions = callSessionListSchema.parse((await client.get('/api/call-sessions')).body);
      expect(sessions[0]?.endedAt).not.toBeNull();
    });
  });

  it('finds the tenant from the number called, and rejects a number nobody owns', async () => {
    const ownerB = await app.signedIn(await app.createUser({ tenantId: 'tenant-b', isAdmin: true }));
    await app.pool.query(
      `insert into messaging_number (phone_e164, tenant_id) values ('+14155550199', 'tenant-b')`,
    );
    callee(0, Buffer.alloc(0));
    const { sid } = await phone.ringApp('+14155553102', '+14155550199');
    await twilio.calls.ended(sid);
    const theirs = callSessionListSchema.parse((await ownerB.get('/api/call-sessions')).body);
    expect(theirs.map((session) => session.callerId)).toEqual(['+14155553102']);
    const ours = callSessionListSchema.parse((await client.get('/api/call-sessions')).body);
    expect(ours.map((session) => session.callerId)).not.toContain('+14155553102');
    const nobody = await phone.ringApp('+14155553103', '+14155550142');
    expect(nobody.reply.text).toContain('<Reject reason="rejected"/>');
  });

  it('a call whose stream never opened is ended by the sweep, with its session, and frees the number', async () => {
    // Twilio took the TwiML, but no stream came (the caller hung up at once, or the app was down).
    const voice = `${PUBLIC_URL}/api/phone/webhooks/voice`;
    const params = {
      CallSid: 'CAnostream',
      From: '+14155553105',
      To: BUSINESS_NUMBER,
      CallStatus: 'ringing',
    };
    const reply = await postSignedWebhook(
      twilio.authToken,
      voice,
      params,
      voice.replace(PUBLIC_URL, app.baseUrl),
    );
    expect(reply.text).toContain('<Stream url=');
    const { rows } = await app.pool.query(
      "select id, call_session_id from phone_call where twilio_call_sid = 'CAnostream'",
    );
    const deps = {
      pool: app.pool,
      calling: phoneCallingOf(app.config),
      sessions: callSessionRecorder(app.orm),
    };
    const endedAt = async () =>
      (await app.pool.query('select ended_at from phone_call where id = $1', [rows[0].id])).rows[0].ended_at;
    // Three minutes is how long it may take to open: not stale yet.
    await sweepStaleCalls(deps);
    expect(await endedAt()).toBeNull();
    await app.pool.query(`update phone_call set created_at = now() - interval '5 minutes' where id = $1`, [
      rows[0].id,
    ]);
    expect(await sweepStaleCalls(deps)).toBeGreaterThanOrEqual(1);
    expect(await endedAt()).toEqual(expect.any(Date));
    const session = callSessionListSchema
      .parse((await client.get('/api/call-sessions')).body)
      .find((each) => each.id === rows[0].call_session_id);
    expect(session).toMatchObject({ callerId: '+14155553105', endedAt: expect.any(String) });
  });

  it('answers a redelivered voice webhook with the same call (one row, one session, a fresh token)', async () => {
    const voice = `${PUBLIC_URL}/api/phone/webhooks/voice`;
    const params = { CallSid: 'CAretried', From: '+14155553106', To: BUSINESS_NUMBER, CallStatus: 'ringing' };
    const deliver = () =>
      postSignedWebhook(twilio.authToken, voice, params, voice.replace(PUBLIC_URL, app.baseUrl));
    const first = await deliver();
    const second = await deliver();
    const tokens = [first, second].map((reply) => streamOfTwiml(reply.text)?.parameters.streamToken);
    expect(tokens[0]).toBeTruthy();
    expect(tokens[1]).toBeTruthy();
    expect(tokens[1]).not.toBe(tokens[0]);
    const { rows } = await app.pool.query(
      "select call_session_id from phone_call where twilio_call_sid = 'CAretried'",
    );
    expect(rows).toHaveLength(1);
    const sessions = await app.pool.query("select id from call_session where caller_id = '+14155553106'");
    expect(sessions.rows).toEqual([{ id: rows[0].call_session_id }]);
  });

  it('refuses an unsigned voice webhook with 403 and records nothing', async () => {
    const params = { CallSid: 'CAforged', From: '+14155553104', To: BUSINESS_NUMBER, CallStatus: 'ringing' };
    const response = await fetch(`${app.baseUrl}/api/phone/webhooks/voice`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params),
    });
    expect(response.status).toBe(403);
    const { rowCount } = await app.pool.query("select 1 from phone_call where twilio_call_sid = 'CAforged'");
    expect(rowCount).toBe(0);
  });
});
