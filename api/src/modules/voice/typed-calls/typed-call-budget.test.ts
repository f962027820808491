import { startOpenAiTextFake } from '@annie/fakes/openai-text-fake';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseNow } from '../../../../test/database-clock.ts';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';
import { BUDGET_STOP_MESSAGE, recordUsageEntry } from '../../usage/index.ts';

// The month's budget, once spent with the hard stop on, pauses typed calls as it does phone calls.
const openai = await startOpenAiTextFake();
afterAll(() => openai.close());
const app = await startTestApp({ OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.url });

/** Records `costUsd` of spend for the tenant this month, by the database's clock. */
async function spend(tenantId: string, costUsd: number): Promise<void> {
  await recordUsageEntry(app.pool, tenantId, {
    userId: null,
    channel: 'sms',
    kind: 'text',
    sourceId: `budget-${tenantId}-${costUsd}`,
    at: await databaseNow(app.pool),
    seconds: 0,
    segments: 1,
    tokens: 0,
    costUsd,
  });
}
const settings = (hardStop: boolean) => ({
  currency: 'USD',
  usdRate: 1,
  monthlyBudget: 40,
  hardStop,
  prices: {},
});
const adminOf = async (tenantId: string): Promise<TestClient> =>
  app.signedIn(await app.createUser({ tenantId, isAdmin: true }));

describe('typed calls and the budget’s hard stop', () => {
  it('a spent budget with the hard stop refuses a new typed call with 402', async () => {
    const admin = await adminOf('typed-budget-stopped');
    expect((await admin.put('/api/usage/settings', settings(true))).status).toBe(200);
    expect((await admin.post('/api/calls/start')).status).toBe(201);
    await spend('typed-budget-stopped', 50);
    const refused = await admin.post('/api/calls/start');
    expect([refused.status, refused.body.message]).toEqual([402, BUDGET_STOP_MESSAGE]);
  });

  it('the same spend without the hard stop lets a typed call start', async () => {
    const admin = await adminOf('typed-budget-warned');
    expect((await admin.put('/api/usage/settings', settings(false))).status).toBe(200);
    await spend('typed-budget-warned', 50);
    expect((await admin.post('/api/calls/start')).status).toBe(201);
  });
});
