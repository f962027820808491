import { readySchema } from '@annie/contracts/health-routes';
import { describe, expect, it } from 'vitest';
import { ALL_LINES_BUSY_MESSAGE } from './phone-call.routes.ts';
import { ALL_LINES_BUSY_SAY } from './phone-webhook.routes.ts';
import { phoneCallHelpers } from './testing/phone-call-helpers.ts';
import { startPhoneHarness } from './testing/phone-test-harness.ts';

// MAX_CALLS_PER_INSTANCE: an instance carrying all the calls it may turns the next caller away politely
// (a balancer routing on /readyz's live count would have sent the call elsewhere first).
const phone = await startPhoneHarness({ env: { MAX_CALLS_PER_INSTANCE: '1' } });
const { twilio, app } = phone;
const { callee, waitFor } = phoneCallHelpers(phone);

const liveCalls = async () => readySchema.parse((await app.client().get('/readyz')).body).live.phoneCalls;

describe('the calls one instance carries', () => {
  it('past MAX_CALLS_PER_INSTANCE a caller hears that all lines are busy; once a line is free, calls are taken again', async () => {
    callee(undefined, Buffer.alloc(0));
    const first = await phone.ringApp('+14155557001');
    const call = twilio.calls.calls.find((each) => each.sid === first.sid);
    await waitFor(() => expect(call?.stream?.media.length).toBeGreaterThan(0));
    expect(await liveCalls()).toBe(1);

    const busy = await phone.ringApp('+14155557002');
    const refused = await twilio.calls.ended(busy.sid);
    expect(refused?.said).toEqual([ALL_LINES_BUSY_SAY]);
    expect(refused?.streams).toEqual([]);
    const recorded = await app.pool.query('select 1 from phone_call where remote_e164 = $1', [
      '+14155557002',
    ]);
    expect(recorded.rows).toEqual([]);

    await twilio.calls.hangUp(first.sid);
    await waitFor(async () => expect(await liveCalls()).toBe(0));
    const next = await phone.ringApp('+14155557003');
    const taken = twilio.calls.calls.find((each) => each.sid === next.sid);
    await waitFor(() => expect(taken?.stream?.media.length).toBeGreaterThan(0));
    await twilio.calls.hangUp(next.sid);
  });
});

describe('an outbound call past the cap', () => {
  it('is refused with 503 and a message the screen can show, before Twilio is asked; once a line is free it goes through', async () => {
    // The line the first test's last call held is free again.
    await waitFor(async () => expect(await liveCalls()).toBe(0));
    callee(undefined, Buffer.alloc(0));
    const first = await phone.ringApp('+14155557011');
    const call = twilio.calls.calls.find((each) => each.sid === first.sid);
    await waitFor(() => expect(call?.stream?.media.length).toBeGreaterThan(0));
    const placed = twilio.calls.calls.length;
    const refused = await phone.startCall({ to: '+14155557012', message: 'Confirm the delivery time' });
    expect([refused.status, refused.body]).toEqual([
      503,
      { message: ALL_LINES_BUSY_MESSAGE, code: 'all_lines_busy' },
    ]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(twilio.calls.calls).toHaveLength(placed);

    await twilio.calls.hangUp(first.sid);
    await waitFor(async () => expect(await liveCalls()).toBe(0));
    const accepted = await phone.startCall({ to: '+14155557012', message: 'Confirm the delivery time' });
    expect(accepted.status).toBe(201);
    const outbound = twilio.calls.calls.at(-1);
    if (outbound) await twilio.calls.hangUp(outbound.sid);
  });
});
