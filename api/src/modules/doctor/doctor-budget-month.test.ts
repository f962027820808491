import { doctorReportSchema } from '@annie/contracts/doctor';
import { describe, expect, it } from 'vitest';
import { databaseNow } from '../../../test/database-clock.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { recordUsageEntry } from '../usage/index.ts';

// The budget is monthly: what a tenant spent last month does not count towards this month's warning.
const app = await startTestApp();
const admin = await app.signedIn(await app.createUser({ tenantId: 'budget-months', isAdmin: true }));

const budgetChecks = async () => {
  const report = doctorReportSchema.parse((await admin.get('/api/admin/doctor?refresh=true')).body);
  const openai = report.providers.find((provider) => provider.provider === 'openai');
  return openai?.checks.filter((check) => check.name === 'usage budget') ?? [];
};

/** The last second of the previous month (UTC), by the database's clock, which decides what "this month" is. */
async function endOfLastMonth(): Promise<Date> {
  const { rows } = await app.pool.query<{ at: Date }>(
    `select (date_trunc('month', now() at time zone 'UTC') at time zone 'UTC') - interval '1 second' as at`,
  );
  const at = rows[0]?.at;
  if (!at) throw new Error('the database did not answer');
  return at;
}

const spend = (sourceId: string, at: Date, costUsd: number) =>
  recordUsageEntry(app.pool, 'budget-months', {
    userId: null,
    channel: 'twilio',
    kind: 'call',
    sourceId,
    at,
    seconds: 60,
    segments: 0,
    tokens: 0,
    costUsd,
  });

describe("the doctor's budget check counts only this month's spend", () => {
  it("last month's spend, however large, is not this month's: the warning comes only when this month reaches 80 %", async () => {
    const settings = { currency: 'USD', usdRate: 1, monthlyBudget: 10, hardStop: false, prices: {} };
    expect((await admin.put('/api/usage/settings', settings)).status).toBe(200);
    await spend('last-month', await endOfLastMonth(), 25);
    await spend('this-month-1', await databaseNow(app.pool), 1);
    expect(await budgetChecks()).toEqual([]);
    await spend('this-month-2', await databaseNow(app.pool), 7.5);
    expect(await budgetChecks()).toEqual([
      { name: 'usage budget', ok: true, detail: "85 % of this month's budget is spent (8.50 of 10.00 USD)" },
    ]);
  });
});
