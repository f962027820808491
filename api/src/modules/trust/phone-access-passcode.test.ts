import { phoneAccessSchema, WRONG_PASSWORD } from '@annie/contracts/trust';
import { describe, expect, it } from 'vitest';
import {
  ownerCalls,
  PASSCODE,
  systemNotes,
  toolOutputs,
  updatesOf,
  waitFor,
} from '../voice/phone-calls/testing/phone-owner-calls.ts';
import { CALLEE_TURN_BYTES, startPhoneHarness } from '../voice/phone-calls/testing/phone-test-harness.ts';
import { PASSCODE_ACCEPTED_NOTE, PASSCODE_LOCKED_NOTE, PASSCODE_REFUSED_NOTE } from './party-brief.ts';
import { PASSCODE_ATTEMPTS_MAX, PASSCODE_WINDOW_MINUTES } from './phone-access.service.ts';

// The passcode's paths on a real call: keyed and spoken attempts, the windows and counters, strangers'
// keys, keys before the realtime session is open, and lockouts the owner sees and clears.
const phone = await startPhoneHarness();
const { twilio, realtime, app } = phone;
const { ring, hangUp, executiveWithNumber } = ownerCalls(phone);

/** Sets the user's wrong-attempt counter as if `failed` wrong passcodes started `minutesAgo`. */
async function setAttempts(userId: string, failed: number, minutesAgo: number) {
  await app.pool.query(
    `update phone_access set failed_attempts = $2, window_started_at = now() - make_interval(mins => $3)
     where user_id = $1`,
    [userId, failed, minutesAgo],
  );
}

const attemptsOf = async (userId: string) =>
  Number(
    (await app.pool.query('select failed_attempts from phone_access where user_id = $1', [userId])).rows[0]
      ?.failed_attempts,
  );

describe('passcode attempts on a call', () => {
  it('spoken and keyed attempts share the call’s limit of three', async () => {
    const number = '+14155557101';
    const { user } = await executiveWithNumber(number, { spoken: true });
    realtime.setScript({
      functionCall: { name: 'verify_owner_passcode', arguments: JSON.stringify({ passcode: '111111' }) },
    });
    try {
      const { sid, session } = await ring(number);
      await waitFor(() => expect(toolOutputs(session)).toHaveLength(1));
      expect(toolOutputs(session)[0]).toMatchObject({ verified: false });
      twilio.calls.pressKeys(sid, '222222#333333#');
      await waitFor(() => expect(systemNotes(session)).toHaveLength(2));
      expect(systemNotes(session)).toEqual([PASSCODE_REFUSED_NOTE, PASSCODE_REFUSED_NOTE]);
      twilio.calls.pressKeys(sid, `${PASSCODE}#`);
      await waitFor(() => expect(systemNotes(session)).toHaveLength(3));
      expect(systemNotes(session)[2]).toBe(PASSCODE_LOCKED_NOTE);
      expect(updatesOf(session)).toHaveLength(1);
      await hangUp(sid, number);
    } finally {
      realtime.setScript({ functionCall: undefined });
    }
    expect(await attemptsOf(user.user.id)).toBe(3);
  });

  it("an empty or short code is wrong without spending the owner's attempts (junk from a faked caller ID)", async () => {
    const number = '+14155557108';
    const { user } = await executiveWithNumber(number, { spoken: true });
    realtime.setScript({
      functionCall: { name: 'verify_owner_passcode', arguments: JSON.stringify({ passcode: '' }) },
    });
    try {
      const { sid, session } = await ring(number);
      await waitFor(() => expect(toolOutputs(session)).toHaveLength(1));
      expect(toolOutputs(session)[0]).toMatchObject({ verified: false });
      twilio.calls.pressKeys(sid, '12#');
      await waitFor(() => expect(systemNotes(session)).toEqual([PASSCODE_REFUSED_NOTE]));
      await hangUp(sid, number);
    } finally {
      realtime.setScript({ functionCall: undefined });
    }
    expect(await attemptsOf(user.user.id)).toBe(0);
  });

  it(`the user's lock ends with its ${PASSCODE_WINDOW_MINUTES}-minute window`, async () => {
    const number = '+14155557102';
    const { user } = await executiveWithNumber(number);
    await setAttempts(user.user.id, PASSCODE_ATTEMPTS_MAX, PASSCODE_WINDOW_MINUTES - 1);
    const locked = await ring(number);
    twilio.calls.pressKeys(locked.sid, `${PASSCODE}#`);
    await waitFor(() => expect(systemNotes(locked.session)).toEqual([PASSCODE_LOCKED_NOTE]));
    await hangUp(locked.sid, number);
    await setAttempts(user.user.id, PASSCODE_ATTEMPTS_MAX, PASSCODE_WINDOW_MINUTES + 1);
    const open = await ring(number);
    twilio.calls.pressKeys(open.sid, `${PASSCODE}#`);
    await waitFor(() => expect(systemNotes(open.session)).toEqual([PASSCODE_ACCEPTED_NOTE]));
    await hangUp(open.sid, number);
  });

  it('a new passcode starts the counter again', async () => {
    const number = '+14155557103';
    const { user, client } = await executiveWithNumber(number);
    await setAttempts(user.user.id, PASSCODE_ATTEMPTS_MAX, 1);
    const saved = await client.put('/api/me/phone-access', {
      numbers: [number],
      passcode: '135791',
      currentPassword: user.password,
    });
    expect(saved.status).toBe(200);
    expect(phoneAccessSchema.parse(saved.body).lockedUntil).toBeNull();
    const { sid, session } = await ring(number);
    twilio.calls.pressKeys(sid, '135791#');
    await waitFor(() => expect(systemNotes(session)).toEqual([PASSCODE_ACCEPTED_NOTE]));
    await hangUp(sid, number);
  });

  it("a stranger's key presses are ignored: nothing is checked or counted", async () => {
    const owner = await executiveWithNumber('+14155557104');
    const stranger = '+14155557199';
    const { sid, session } = await ring(stranger);
    twilio.calls.pressKeys(sid, `${PASSCODE}#000000#`);
    // Twilio's messages arrive in order: once the caller's next words are heard, the keys were handled.
    await twilio.calls.say(sid, Buffer.alloc(CALLEE_TURN_BYTES, 0xff));
    await waitFor(async () => {
      const { rows } = await app.pool.query<{ transcript: { role: string }[] }>(
        `select s.transcript from call_session s join phone_call c on c.call_session_id = s.id
         where c.twilio_call_sid = $1`,
        [sid],
      );
      expect(rows[0]?.transcript.some((line) => line.role === 'user')).toBe(true);
    });
    expect(systemNotes(session)).toEqual([]);
    expect(updatesOf(session)).toHaveLength(1);
    expect(await attemptsOf(owner.user.user.id)).toBe(0);
    await hangUp(sid, stranger);
  });

  it('a passcode keyed before the realtime session is open is answered once it is', async () => {
    const number = '+14155557105';
    const { user } = await executiveWithNumber(number);
    // One wrong passcode short of the lock: the wrong one keyed now is recorded as the lockout, so the
    // test knows the check is over before the session opens.
    await setAttempts(user.user.id, PASSCODE_ATTEMPTS_MAX - 1, 1);
    const hold = realtime.holdOpen();
    const count = realtime.sessions.length;
    let sid = '';
    try {
      twilio.calls.callee = { audio: Buffer.alloc(0), frameIntervalMs: 0 };
      ({ sid } = await phone.ringApp(number));
      await waitFor(() => expect(hold.waiting()).toBe(1));
      twilio.calls.pressKeys(sid, '000000#');
      await waitFor(async () => {
        const { rowCount } = await app.pool.query('select 1 from phone_lockout where user_id = $1', [
          user.user.id,
        ]);
        expect(rowCount).toBe(1);
      });
    } finally {
      hold.release();
    }
    await waitFor(() => expect(realtime.sessions.length).toBe(count + 1));
    const session = realtime.sessions[count];
    if (!session) throw new Error('no session');
    await waitFor(() => expect(systemNotes(session)).toEqual([PASSCODE_REFUSED_NOTE]));
    // The model is asked to answer the note once the greeting's response is done (not refused, not dropped).
    const noteAt = session.received.findIndex((event) => event.type === 'conversation.item.create');
    await waitFor(() =>
      expect(session.received.findLastIndex((event) => event.type === 'response.create')).toBeGreaterThan(
        noteAt,
      ),
    );
    await hangUp(sid, number);
  });
});

describe('a lockout a spoofed caller causes is shown to the owner, who can clear it', () => {
  it('after spoofed wrong passcodes the owner sees when and from which number, clears it, then keys the right one', async () => {
    const number = '+14155557106';
    const { user, client } = await executiveWithNumber(number);
    const first = await ring(number);
    twilio.calls.pressKeys(first.sid, '000001#000002#000003#');
    await waitFor(() => expect(systemNotes(first.session)).toHaveLength(3));
    await hangUp(first.sid, number);
    const second = await ring(number);
    twilio.calls.pressKeys(second.sid, '000004#000005#');
    await waitFor(() => expect(systemNotes(second.session)).toHaveLength(2));
    await hangUp(second.sid, number);

    const seen = phoneAccessSchema.parse((await client.get('/api/me/phone-access')).body);
    expect(seen.lockedUntil).not.toBeNull();
    expect(seen.lockouts).toEqual([
      { id: expect.any(String), callerE164: number, lockedAt: expect.any(String), clearedAt: null },
    ]);
    const cleared = await client.post('/api/me/phone-access/lockout/clear', {
      currentPassword: user.password,
    });
    expect(cleared.status).toBe(200);
    const after = phoneAccessSchema.parse(cleared.body);
    expect(after.lockedUntil).toBeNull();
    expect(after.lockouts[0]?.clearedAt).not.toBeNull();

    const owner = await ring(number);
    twilio.calls.pressKeys(owner.sid, `${PASSCODE}#`);
    await waitFor(() => expect(systemNotes(owner.session)).toEqual([PASSCODE_ACCEPTED_NOTE]));
    await hangUp(owner.sid, number);
  });

  it("another user's lockouts are not theirs to see or clear", async () => {
    const { user, client } = await executiveWithNumber('+14155557107');
    await setAttempts(user.user.id, PASSCODE_ATTEMPTS_MAX, 1);
    const other = await app.createUser();
    const colleague = await app.signedIn(other);
    const clearedOwn = await colleague.post('/api/me/phone-access/lockout/clear', {
      currentPassword: other.password,
    });
    expect(clearedOwn.status).toBe(200);
    expect(
      phoneAccessSchema.parse((await client.get('/api/me/phone-access')).body).lockedUntil,
    ).not.toBeNull();
  });

  it('a session without the account password cannot clear it (the passcode count would restart)', async () => {
    const { user, client } = await executiveWithNumber('+14155557181');
    await setAttempts(user.user.id, PASSCODE_ATTEMPTS_MAX, 1);
    expect((await client.post('/api/me/phone-access/lockout/clear', {})).status).toBe(400);
    const wrong = await client.post('/api/me/phone-access/lockout/clear', { currentPassword: 'not it' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(WRONG_PASSWORD);
    const access = phoneAccessSchema.parse((await client.get('/api/me/phone-access')).body);
    expect(access.lockedUntil).not.toBeNull();
  });
});
