import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { FRONT_DESK_LIMITS, FRONT_DESK_REFUSALS } from './front-desk-limits.ts';
import { createFrontDeskRunner } from './front-desk-runner.ts';
import type { ThirdParty } from './trust-party.ts';

const app = await startTestApp();

const owners = new Map<string, { tenantId: string; id: string }>();

/** The front desk of one call from `e164` to the executive of `tenantId` (tenants keep the tests apart). */
async function deskFor(tenantId: string, e164: string) {
  const owner = owners.get(tenantId) ?? (await app.createUser({ tenantId })).user;
  owners.set(tenantId, owner);
  const party: ThirdParty = { kind: 'stranger', e164, name: null, nickname: null, relationship: null };
  return createFrontDeskRunner(app.pool, {
    tenantId: owner.tenantId,
    userId: owner.id,
    callSessionId: null,
    party,
    onEndCall: () => undefined,
  });
}

const message = { caller_name: 'Sam', message: 'Please call me back' };
const request = { caller_name: 'Sam', message: 'Send me the address' };
const stored = async (table: 'call_message' | 'pending_action', tenantId: string) =>
  (await app.pool.query(`select count(*)::int as n from ${table} where tenant_id = $1`, [tenantId])).rows[0]
    .n;

describe('what callers can leave with the front desk is limited per number and per tenant', () => {
  it('one number leaves at most 5 messages a day; the next is refused with words for the caller, and another number is still heard', async () => {
    const desk = await deskFor('desk-a', '+14155557101');
    for (let sent = 0; sent < FRONT_DESK_LIMITS.message.perCaller; sent += 1)
      expect(await desk('take_message', message)).toMatchObject({ success: true });
    expect(await desk('take_message', message)).toEqual({ error: FRONT_DESK_REFUSALS.message.caller_limit });
    expect(await stored('call_message', 'desk-a')).toBe(FRONT_DESK_LIMITS.message.perCaller);
    const other = await deskFor('desk-a', '+14155557102');
    expect(await other('take_message', message)).toMatchObject({ success: true });
  });

  it('one number makes at most 3 requests a day; nothing past that waits for approval', async () => {
    const desk = await deskFor('desk-b', '+14155557201');
    for (let asked = 0; asked < FRONT_DESK_LIMITS.request.perCaller; asked += 1)
      expect(await desk('request_text_to_caller', request)).toMatchObject({ success: true });
    expect(await desk('request_text_to_caller', request)).toEqual({
      error: FRONT_DESK_REFUSALS.request.caller_limit,
    });
    expect(await stored('pending_action', 'desk-b')).toBe(FRONT_DESK_LIMITS.request.perCaller);
  });

  it('a new (spoofed) number per request still meets the tenant’s daily limit, which leaves other tenants alone', async () => {
    const { perTenant } = FRONT_DESK_LIMITS.request;
    for (let caller = 0; caller < perTenant; caller += 1) {
      const desk = await deskFor('desk-c', `+1415555${String(8000 + caller)}`);
      expect(await desk('request_text_to_caller', request)).toMatchObject({ success: true });
    }
    const next = await deskFor('desk-c', '+14155559999');
    expect(await next('request_text_to_caller', request)).toEqual({
      error: FRONT_DESK_REFUSALS.request.tenant_limit,
    });
    expect(await stored('pending_action', 'desk-c')).toBe(perTenant);
    const elsewhere = await deskFor('desk-d', '+14155559999');
    expect(await elsewhere('request_text_to_caller', request)).toMatchObject({ success: true });
  });
});
