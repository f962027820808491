import { callSessionListSchema } from '@annie/contracts/calls';
import {
  DUPLICATE_CALL_MESSAGE,
  duplicateCallErrorSchema,
  startPhoneCallResponseSchema,
} from '@annie/contracts/phone-calls';
import { streamOfTwiml } from '@annie/fakes/twilio-fake-calls';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import { assignMessagingNumber, INBOUND_WEBHOOK_PATH } from '../../sms/index.ts';
import { BUSINESS_NUMBER, PUBLIC_URL, startPhoneHarness } from './testing/phone-test-harness.ts';

// The callee says nothing in these tests: they are about placing the call, not the conversation.
const phone = await startPhoneHarness();
const calleeHangsUp = (hangUpAfterMs: number | undefined) => {
  phone.twilio.calls.callee = { audio: Buffer.alloc(0), frameIntervalMs: 0, hangUpAfterMs };
};

const callsTo = (number: string) => phone.twilio.calls.calls.filter((call) => call.to === number);

async function openRows(number: string) {
  const { rows } = await phone.app.pool.query(
    'select id from phone_call where remote_e164 = $1 and ended_at is null',
    [number],
  );
  return rows.length;
}

describe('POST /api/annie/call/start', () => {
  it('places the call through Twilio with a media stream on the public wss URL and a status callback', async () => {
    calleeHangsUp(0);
    const response = await phone.startCall({ to: '(415) 555-2671', message: "Move Friday's delivery" });
    expect(response.status).toBe(201);
    const { id } = startPhoneCallResponseSchema.parse(response.body);
    const [call] = callsTo('+14155552671');
    expect(call).toMatchObject({ from: BUSINESS_NUMBER, direction: 'outbound-api' });
    const stream = streamOfTwiml(call?.twiml ?? '');
    expect(stream?.url).toMatch(/^wss:\/\/annie\.example\.test\/api\/phone\/media-streams\/[0-9a-f-]{36}$/);
    expect(stream?.parameters.streamToken).toMatch(/^[\w-]{43}$/);
    expect(call?.statusCallback).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/phone/webhooks/status\\?phoneCallId=[0-9a-f-]{36}$`),
    );
    expect(call?.statusCallbackEvents).toEqual(['initiated', 'ringing', 'answered', 'completed']);
    await phone.twilio.calls.ended(call?.sid ?? '');
    // Every status callback was signed and accepted; the call session is the answer.
    expect(call?.statusReplies.map((each) => each.reply)).toEqual([204, 204, 204, 204]);
    const sessions = callSessionListSchema.parse((await phone.client.get('/api/call-sessions')).body);
    expect(sessions.find((session) => session.id === id)).toMatchObject({
      channel: 'twilio',
      direction: 'outbound',
      callerId: '+14155552671',
      endedAt: expect.any(String),
    });
  });

  it('refuses a number that is not a phone number with 400, before Twilio', async () => {
    const before = phone.twilio.calls.calls.length;
    for (const to of ['not a number', '123', '']) {
      const response = await phone.startCall({ to, message: 'x' });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_failed');
    }
    expect(phone.twilio.calls.calls.length).toBe(before);
  });

  it('refuses an opted-out number with 409 and never calls Twilio', async () => {
    const optedOut = '+14155552672';
    const stop = await phone.twilio.sendInbound(
      { from: optedOut, to: BUSINESS_NUMBER, body: 'STOP' },
      {
        signedUrl: `${PUBLIC_URL}${INBOUND_WEBHOOK_PATH}`,
        targetUrl: `${phone.app.baseUrl}${INBOUND_WEBHOOK_PATH}`,
      },
    );
    expect(stop.status).toBe(200);
    const response = await phone.startCall({ to: optedOut, message: 'Hello' });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'opted_out' });
    expect(callsTo(optedOut)).toEqual([]);
    expect(await openRows(optedOut)).toBe(0);
  });

  it('lets one of two requests at once through and refuses the other with the duplicate flag', async () => {
    const number = '+14155552673';
    calleeHangsUp(undefined);
    const answers = await Promise.all([
      phone.startCall({ to: number, message: 'First' }),
      phone.startCall({ to: '415-555-2673', message: 'Second' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(duplicateCallErrorSchema.parse(refused?.body)).toEqual({
      message: DUPLICATE_CALL_MESSAGE,
      code: 'duplicate_call',
      duplicate: true,
    });
    expect(callsTo(number)).toHaveLength(1);
    // While the first call is in progress, a third request is refused as well.
    expect((await phone.startCall({ to: number, message: 'Third' })).status).toBe(409);
    await phone.twilio.calls.hangUp(callsTo(number)[0]?.sid ?? '');
    // Its final status freed the number.
    expect(await openRows(number)).toBe(0);
    expect((await phone.startCall({ to: number, message: 'Again' })).status).toBe(201);
    expect(callsTo(number)).toHaveLength(2);
  });

  it("answers Twilio's refusal as HTTP {status}: {body}, ends the session and frees the number", async () => {
    const number = '+14155552674';
    calleeHangsUp(0);
    phone.twilio.failSends({ status: 400, code: 21215, message: 'Geo permission not enabled', times: 1 });
    const refused = await phone.startCall({ to: number, message: 'Hi' });
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('call_failed');
    expect(refused.body.message).toMatch(/^HTTP 400: \{.*"code":21215.*"Geo permission not enabled".*\}$/);
    const { rows } = await phone.app.pool.query(
      `select p.status, s.ended_at from phone_call p join call_session s on s.id = p.call_session_id
       where p.remote_e164 = $1`,
      [number],
    );
    expect(rows).toEqual([{ status: 'failed', ended_at: expect.any(Date) }]);
    expect((await phone.startCall({ to: number, message: 'Retry' })).status).toBe(201);
  });

  it("keeps tenants apart: each tenant's guard, calls and sessions are its own", async () => {
    const number = '+14155552675';
    const other = await phone.app.signedIn(
      await phone.app.createUser({ tenantId: 'tenant-b', isAdmin: true }),
    );
    calleeHangsUp(undefined);
    const ours = await phone.startCall({ to: number, message: 'Ours' });
    expect(ours.status).toBe(201);
    // Without a number of its own tenant-b cannot call; with one, our call to the number does not block it.
    const noNumber = await phone.startCall({ to: number, message: 'Theirs' }, other);
    expect(noNumber.status).toBe(503);
    expect(noNumber.body.message).toContain('no phone number');
    await assignMessagingNumber(phone.app.pool, 'tenant-b', '+14155550199');
    const theirs = await phone.startCall({ to: number, message: 'Theirs' }, other);
    expect(theirs.status).toBe(201);
    expect(callsTo(number).map((call) => call.from)).toEqual([BUSINESS_NUMBER, '+14155550199']);
    const listed = (await other.get('/api/call-sessions')).body as { id: string }[];
    expect(listed.map((session) => session.id)).toEqual([theirs.body.id]);
    for (const call of callsTo(number)) await phone.twilio.calls.hangUp(call.sid);
  });
});

describe('POST /api/annie/call/start without Twilio', () => {
  it('answers call_failed when Twilio cannot be reached, and frees the number', async () => {
    const unreachable = await startTestApp({
      PUBLIC_URL,
      TWILIO_ACCOUNT_SID: phone.twilio.accountSid,
      TWILIO_AUTH_TOKEN: phone.twilio.authToken,
      TWILIO_PHONE_NUMBER: BUSINESS_NUMBER,
      TWILIO_API_BASE_URL: 'http://127.0.0.1:1',
      OPENAI_API_KEY: 'sk-unused',
    });
    const client = await unreachable.signedIn(await unreachable.createUser());
    const response = await client.post('/api/annie/call/start', { to: '+14155552676', message: 'x' });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ message: 'call_failed', code: 'call_failed' });
    const { rows } = await unreachable.pool.query('select status, ended_at from phone_call');
    expect(rows).toEqual([{ status: 'failed', ended_at: expect.any(Date) }]);
  });

  it('answers 503 naming the variables to set', async () => {
    const bare = await startTestApp();
    const client = await bare.signedIn(await bare.createUser());
    const response = await client.post('/api/annie/call/start', { to: '+14155552671', message: 'x' });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      message:
        'Phone calls are not configured: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, PUBLIC_URL, OPENAI_API_KEY',
      code: 'not_configured',
    });
  });
});
