import { callReadinessSchema } from '@annie/contracts/calls';
import { describe, expect, it } from 'vitest';
import { databaseNow } from '../../../../test/database-clock.ts';
import { startTestApp } from '../../../../test/test-app.ts';
import { recordUsageEntry } from '../../usage/index.ts';

// GET /api/calls/readiness: the budget's hard stop, said to any signed-in user before Start, in words.
const app = await startTestApp();

/** A tenant whose month's spend (50 USD) is over its 40 USD budget, hard stop as given; its non-admin user. */
async function overspentTenant(tenantId: string, hardStop: boolean) {
  const admin = await app.signedIn(await app.createUser({ tenantId, isAdmin: true }));
  await recordUsageEntry(app.pool, tenantId, {
    userId: null,
    channel: 'sms',
    kind: 'text',
    sourceId: `readiness-${tenantId}`,
    at: await databaseNow(app.pool),
    seconds: 0,
    segments: 1,
    tokens: 0,
    costUsd: 50,
  });
  const saved = await admin.put('/api/usage/settings', {
    currency: 'USD',
    usdRate: 1,
    monthlyBudget: 40,
    hardStop,
    prices: {},
  });
  expect(saved.status).toBe(200);
  return app.signedIn(await app.createUser({ tenantId }));
}

describe('GET /api/calls/readiness', () => {
  it('with the hard stop on a spent budget: paused, naming the budget and who to ask, no status code', async () => {
    const executive = await overspentTenant('readiness-stopped', true);
    const answer = await executive.get('/api/calls/readiness');
    expect(answer.status).toBe(200);
    const readiness = callReadinessSchema.parse(answer.body);
    expect(readiness.callsPaused).toBe(true);
    expect(readiness.notice).toContain("this month's usage budget of 40.00 USD is spent");
    expect(readiness.notice).toContain('Ask an admin');
    expect(readiness.notice).not.toMatch(/\b40[0-9]\b/);
  });

  it('the same spend without the hard stop, and another tenant: calls allowed', async () => {
    const warned = await overspentTenant('readiness-warned', false);
    expect((await warned.get('/api/calls/readiness')).body).toEqual({ callsPaused: false, notice: null });
    await overspentTenant('readiness-stopped-b', true);
    const other = await app.signedIn(await app.createUser({ tenantId: 'readiness-other' }));
    expect((await other.get('/api/calls/readiness')).body).toEqual({ callsPaused: false, notice: null });
  });

  it('signed out: 401', async () => {
    expect((await app.client().get('/api/calls/readiness')).status).toBe(401);
  });
});
