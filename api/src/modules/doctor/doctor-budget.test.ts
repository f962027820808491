import { doctorReportSchema } from '@annie/contracts/doctor';
import { describe, expect, it } from 'vitest';
import { databaseNow } from '../../../test/database-clock.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { recordUsageEntry } from '../usage/index.ts';

// A tenant at 80 % of its monthly budget is told so by the doctor; another tenant does not see it.
const app = await startTestApp();
const adminA = await app.signedIn(await app.createUser({ tenantId: 'budget-a', isAdmin: true }));
const adminB = await app.signedIn(await app.createUser({ tenantId: 'budget-b', isAdmin: true }));

const budgetChecks = async (client: typeof adminA) => {
  const report = doctorReportSchema.parse((await client.get('/api/admin/doctor?refresh=true')).body);
  const openai = report.providers.find((provider) => provider.provider === 'openai');
  return openai?.checks.filter((check) => check.name === 'usage budget') ?? [];
};

describe("the doctor's report and the monthly budget", () => {
  it('says a tenant has spent 80 % of its budget, to that tenant only', async () => {
    const settings = { currency: 'EUR', usdRate: 0.5, monthlyBudget: 10, hardStop: false, prices: {} };
    expect((await adminA.put('/api/usage/settings', settings)).status).toBe(200);
    const spend = {
      userId: null,
      channel: 'twilio' as const,
      kind: 'call' as const,
      seconds: 60,
      segments: 0,
      tokens: 0,
    };
    // Dated by the database's clock, which decides what "this month" is.
    const at = await databaseNow(app.pool);
    await recordUsageEntry(app.pool, 'budget-a', { ...spend, sourceId: 'a-1', at, costUsd: 15 });
    expect(await budgetChecks(adminA)).toEqual([]);
    await recordUsageEntry(app.pool, 'budget-a', { ...spend, sourceId: 'a-2', at, costUsd: 2 });
    expect(await budgetChecks(adminA)).toEqual([
      {
        name: 'usage budget',
        ok: true,
        detail: "85 % of this month's budget is spent (8.50 of 10.00 EUR)",
      },
    ]);
    expect(await budgetChecks(adminB)).toEqual([]);
  });
});
