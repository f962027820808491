import {
  CODE_WRONG,
  NOT_A_MOBILE_NUMBER,
  NUMBER_TAKEN,
  phoneAccessSchema,
  TOO_MANY_CODES,
} from '@annie/contracts/trust';
import { describe, expect, it, vi } from 'vitest';
import { deleteAccount, setPassword } from '../users/index.ts';
import {
  FRONT_DESK,
  ownerCalls,
  PASSCODE,
  systemNotes,
  toolNames,
  updatesOf,
  waitFor,
} from '../voice/phone-calls/testing/phone-owner-calls.ts';
import { startPhoneHarness } from '../voice/phone-calls/testing/phone-test-harness.ts';
import { PASSCODE_ACCEPTED_NOTE } from './party-brief.ts';
import { CODE_TEXTS_PER_DAY } from './phone-access-numbers.ts';

// Phone access goes with the account, and an own number is one user's, proven by a texted code.
const phone = await startPhoneHarness();
const { twilio, app } = phone;
const { ring, hangUp, codeTextedTo, executiveWithNumber } = ownerCalls(phone);

const passcodeHashOf = async (userId: string) =>
  (await app.pool.query('select passcode_hash from phone_access where user_id = $1', [userId])).rows[0]
    ?.passcode_hash as string | null | undefined;

describe('phone access is revoked with the account', () => {
  it("a password reset clears the passcode and a call already proven loses the owner's tools within a second", async () => {
    const number = '+14155556001';
    const { user } = await executiveWithNumber(number);
    const { sid, session } = await ring(number);
    twilio.calls.pressKeys(sid, `${PASSCODE}#`);
    await waitFor(() => expect(systemNotes(session)).toContain(PASSCODE_ACCEPTED_NOTE));
    expect(session.closed).toBe(false);
    // The operator's reset (CLI user:password); the call may be served by any instance.
    await setPassword(app.orm.em.fork(), user.username, 'a-brand-new-password');
    await vi.waitFor(() => expect(session.closed).toBe(true), { timeout: 1_000, interval: 10 });
    expect(await passcodeHashOf(user.user.id)).toBeNull();
    // Twilio is told to hang up too.
    await waitFor(() =>
      expect(twilio.calls.calls.find((call) => call.sid === sid)?.status).toBe('completed'),
    );
    await hangUp(sid, number).catch(() => {});
    // Calling again: the number no longer offers a passcode check.
    const again = await ring(number);
    expect(toolNames(updatesOf(again.session)[0])).toEqual(FRONT_DESK);
    await hangUp(again.sid, number);
  });

  it('user:delete and demotion clear the passcode', async () => {
    const deleted = await executiveWithNumber('+14155556002');
    await deleteAccount(app.orm.em.fork(), deleted.user.username);
    expect(await passcodeHashOf(deleted.user.user.id)).toBeNull();
    // Their number is free for another user of the tenant.
    const successor = await executiveWithNumber('+14155556002');
    expect(
      phoneAccessSchema.parse((await successor.client.get('/api/me/phone-access')).body).numbers,
    ).toEqual(['+14155556002']);

    const admin = await app.createUser({ isAdmin: true });
    const demoted = await executiveWithNumber('+14155556003', { user: admin });
    expect(await passcodeHashOf(admin.user.id)).toMatch(/^\$argon2id\$/);
    await app.pool.query('update app_user set is_admin = false where id = $1', [admin.user.id]);
    expect(await passcodeHashOf(admin.user.id)).toBeNull();
    const access = phoneAccessSchema.parse((await demoted.client.get('/api/me/phone-access')).body);
    expect(access).toMatchObject({ passcodeSet: false, spokenPasscode: false, numbers: ['+14155556003'] });
  });

  it('changing something else about the user (their email) leaves phone access alone', async () => {
    const { user } = await executiveWithNumber('+14155556004');
    await app.pool.query(`update app_user set email = 'other@example.test' where id = $1`, [user.user.id]);
    expect(await passcodeHashOf(user.user.id)).toMatch(/^\$argon2id\$/);
  });
});

describe('an own number is proven by a texted code, and is one user’s per tenant', () => {
  it('a wrong code is refused, five tries at most; the right one makes it an own number', async () => {
    const number = '+14155556010';
    const { client } = await executiveWithNumber(number, { confirm: false });
    const code = codeTextedTo(number);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await client.post('/api/me/phone-access/numbers/confirm', { number, code: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(CODE_WRONG);
    expect((await client.post('/api/me/phone-access/numbers/confirm', { number, code: '12' })).status).toBe(
      400,
    );
    // A new code may be asked for once a minute.
    expect((await client.post('/api/me/phone-access/numbers/code', { number })).status).toBe(429);
    const confirmed = await client.post('/api/me/phone-access/numbers/confirm', { number, code });
    expect(phoneAccessSchema.parse(confirmed.body)).toMatchObject({
      numbers: [number],
      unverifiedNumbers: [],
    });

    const other = '+14155556011';
    const { client: guesser } = await executiveWithNumber(other, { confirm: false });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const guess =
        String(attempt).padStart(6, '0') === codeTextedTo(other)
          ? '999999'
          : String(attempt).padStart(6, '0');
      expect(
        (await guesser.post('/api/me/phone-access/numbers/confirm', { number: other, code: guess })).status,
      ).toBe(400);
    }
    const late = await guesser.post('/api/me/phone-access/numbers/confirm', {
      number: other,
      code: codeTextedTo(other),
    });
    expect(late.status).toBe(400);
  });

  it("another user's own number is refused with 409; another tenant may have the same number", async () => {
    const number = '+14155556020';
    await executiveWithNumber(number);
    const colleague = await app.createUser();
    const taken = await (await app.signedIn(colleague)).put('/api/me/phone-access', { numbers: [number] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`${NUMBER_TAKEN}: ${number}`);
    const elsewhere = await app.signedIn(await app.createUser({ tenantId: 'tenant-phone-elsewhere' }));
    expect((await elsewhere.put('/api/me/phone-access', { numbers: [number] })).status).toBe(200);
  });

  it('two users both waiting on a code for one number: the second to confirm gets 409', async () => {
    const number = '+14155556030';
    const first = await executiveWithNumber(number, { confirm: false });
    const firstCode = codeTextedTo(number);
    const second = await executiveWithNumber(number, { confirm: false });
    const secondCode = codeTextedTo(number);
    expect(
      (await first.client.post('/api/me/phone-access/numbers/confirm', { number, code: firstCode })).status,
    ).toBe(200);
    const late = await second.client.post('/api/me/phone-access/numbers/confirm', {
      number,
      code: secondCode,
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`${NUMBER_TAKEN}: ${number}`);
  });

  it('codes texted are capped per user and day, however numbers are added and removed', async () => {
    const client = await app.signedIn(await app.createUser());
    const numberOf = (index: number) => `+1415555${String(6100 + index)}`;
    for (let index = 0; index < CODE_TEXTS_PER_DAY; index += 1) {
      expect((await client.put('/api/me/phone-access', { numbers: [numberOf(index)] })).status).toBe(200);
    }
    const sentBefore = twilio.sent.length;
    const last = numberOf(CODE_TEXTS_PER_DAY);
    const saved = await client.put('/api/me/phone-access', { numbers: [last] });
    expect(phoneAccessSchema.parse(saved.body).unverifiedNumbers).toEqual([last]);
    expect(twilio.sent.length).toBe(sentBefore);
    const again = await client.post('/api/me/phone-access/numbers/code', { number: last });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(TOO_MANY_CODES);
  });
});

describe('a confirmation code is a billed text', () => {
  it("is in the usage ledger under the user, and the budget's hard stop holds it back", async () => {
    const user = await app.createUser();
    const client = await app.signedIn(user);
    const admin = await app.signedIn(await app.createUser({ tenantId: user.user.tenantId, isAdmin: true }));
    const ledger = async () =>
      (
        await app.pool.query<{ kind: string; channel: string; source_id: string; cost_usd: string }>(
          'select kind, channel, source_id, cost_usd from usage_entry where user_id = $1',
          [user.user.id],
        )
      ).rows;
    expect((await client.put('/api/me/phone-access', { numbers: ['+14155556201'] })).status).toBe(200);
    expect(await ledger()).toEqual([
      { kind: 'text', channel: 'sms', source_id: expect.stringMatching(/^SM/), cost_usd: expect.any(String) },
    ]);

    const stop = { currency: 'USD', usdRate: 1, monthlyBudget: 0.000001, hardStop: true, prices: {} };
    await app.pool.query(
      `insert into usage_entry (tenant_id, channel, kind, source_id, at, cost_usd)
       values ($1, 'twilio', 'call', 'spent-budget', now(), 1)`,
      [user.user.tenantId],
    );
    expect((await admin.put('/api/usage/settings', stop)).status).toBe(200);
    try {
      const sentBefore = twilio.sent.length;
      // The number is added (a code can be asked for later), but no code is texted while the stop holds.
      const added = await client.put('/api/me/phone-access', { numbers: ['+14155556201', '+14155556202'] });
      expect(phoneAccessSchema.parse(added.body).unverifiedNumbers).toContain('+14155556202');
      const asked = await client.post('/api/me/phone-access/numbers/code', { number: '+14155556202' });
      expect(asked.status).toBe(402);
      expect(twilio.sent.length).toBe(sentBefore);
      expect(await ledger()).toHaveLength(1);
    } finally {
      await admin.put('/api/usage/settings', { ...stop, monthlyBudget: null, hardStop: false });
      await app.pool.query("delete from usage_entry where source_id = 'spent-budget'");
    }
  });
});

describe('a confirmation code goes only to a mobile number', () => {
  it.each([
    ['+19005550100', 'a premium-rate line'],
    ['+442079460000', 'a fixed line'],
    ['+18002345678', 'a toll-free line'],
  ])('refuses %s (%s) with 400 before keeping it or texting', async (number) => {
    const client = await app.signedIn(await app.createUser());
    const sentBefore = twilio.sent.length;
    const refused = await client.put('/api/me/phone-access', { numbers: [number] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`${NOT_A_MOBILE_NUMBER}: ${number}`);
    expect(twilio.sent.length).toBe(sentBefore);
    expect(phoneAccessSchema.parse((await client.get('/api/me/phone-access')).body).numbers).toEqual([]);
  });

  it('texts a UK mobile', async () => {
    const client = await app.signedIn(await app.createUser());
    expect((await client.put('/api/me/phone-access', { numbers: ['+447400123456'] })).status).toBe(200);
    expect(twilio.sent.at(-1)?.to).toBe('+447400123456');
  });
});
