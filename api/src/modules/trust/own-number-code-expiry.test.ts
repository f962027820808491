import { CODE_WRONG, phoneAccessSchema } from '@annie/contracts/trust';
import { describe, expect, it } from 'vitest';
import { ownerCalls } from '../voice/phone-calls/testing/phone-owner-calls.ts';
import { startPhoneHarness } from '../voice/phone-calls/testing/phone-test-harness.ts';

// A code texted to confirm an own number is good for ten minutes (phone-access-numbers.ts); after that
// the right code is refused like a wrong one, so an old text found on a phone proves nothing.
const CODE_LIFE_MINUTES = 10;
const phone = await startPhoneHarness();
const { app } = phone;
const { codeTextedTo, executiveWithNumber } = ownerCalls(phone);

/** Moves the code's sending back by `minutes`, by the database's clock (the one the check reads). */
async function ageCode(number: string, minutes: number): Promise<void> {
  const { rowCount } = await app.pool.query(
    `update phone_own_number set code_sent_at = now() - make_interval(mins => $2) where e164 = $1`,
    [number, minutes],
  );
  expect(rowCount).toBe(1);
}

describe('a texted own-number code expires', () => {
  it('the right code a minute before its life ends confirms the number', async () => {
    const number = '+14155557101';
    const { client } = await executiveWithNumber(number, { confirm: false });
    await ageCode(number, CODE_LIFE_MINUTES - 1);
    const confirmed = await client.post('/api/me/phone-access/numbers/confirm', {
      number,
      code: codeTextedTo(number),
    });
    expect(confirmed.status).toBe(200);
    expect(phoneAccessSchema.parse(confirmed.body)).toMatchObject({
      numbers: [number],
      unverifiedNumbers: [],
    });
  });

  it('the right code a minute after its life ends is refused, and the number stays unconfirmed', async () => {
    const number = '+14155557102';
    const { client } = await executiveWithNumber(number, { confirm: false });
    await ageCode(number, CODE_LIFE_MINUTES + 1);
    const late = await client.post('/api/me/phone-access/numbers/confirm', {
      number,
      code: codeTextedTo(number),
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(CODE_WRONG);
    const access = phoneAccessSchema.parse((await client.get('/api/me/phone-access')).body);
    // Listed, but still waiting on a code: not an own number.
    expect(access).toMatchObject({ numbers: [number], unverifiedNumbers: [number] });
  });
});
