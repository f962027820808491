import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { FRONT_DESK_LIMITS, FRONT_DESK_REFUSALS } from './front-desk-limits.ts';
import { createFrontDeskRunner } from './front-desk-runner.ts';

// A caller's daily allowance is one tenant's business: filling one executive's front desk must not
// silence the same number at another organisation's (nor could a caller use up another's on purpose).
const app = await startTestApp();
const CALLER = '+14155557301';

/** The front desk of a call from CALLER to a new executive of `tenantId`, as the model's tool calls reach it. */
async function deskOf(tenantId: string) {
  const owner = (await app.createUser({ tenantId })).user;
  return createFrontDeskRunner(app.pool, {
    tenantId,
    userId: owner.id,
    callSessionId: null,
    party: { kind: 'stranger', e164: CALLER, name: null, nickname: null, relationship: null },
    onEndCall: () => undefined,
  });
}

const messagesOf = async (tenantId: string) =>
  (await app.pool.query('select count(*)::int as n from call_message where tenant_id = $1', [tenantId]))
    .rows[0].n as number;

describe("a caller's daily front-desk limit is per tenant", () => {
  it('one number that used up its messages at one tenant is still heard, in full, at another', async () => {
    const first = await deskOf('desk-limit-first');
    const message = { caller_name: 'Sam', message: 'Please call me back' };
    for (let sent = 0; sent < FRONT_DESK_LIMITS.message.perCaller; sent += 1)
      expect(await first('take_message', message)).toMatchObject({ success: true });
    expect(await first('take_message', message)).toEqual({ error: FRONT_DESK_REFUSALS.message.caller_limit });

    const second = await deskOf('desk-limit-second');
    for (let sent = 0; sent < FRONT_DESK_LIMITS.message.perCaller; sent += 1)
      expect(await second('take_message', message)).toMatchObject({ success: true });
    expect(await messagesOf('desk-limit-first')).toBe(FRONT_DESK_LIMITS.message.perCaller);
    expect(await messagesOf('desk-limit-second')).toBe(FRONT_DESK_LIMITS.message.perCaller);
  });
});
