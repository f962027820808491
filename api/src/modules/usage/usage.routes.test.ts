import { budgetStatusSchema, usageReportSchema } from '@annie/contracts/usage';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseNow } from '../../../test/database-clock.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';
import { recordUsageEntry, type UsageEntry } from './usage-ledger.queries.ts';

// The Usage API reads one tenant's ledger, for its admins only; tenant B sees none of tenant A's usage.
const app = await startTestApp();
const A = 'tenant-a';
const B = 'tenant-b';
let adminA: TestClient;
let memberA: TestClient;
let adminB: TestClient;
let aliceId: string;
let formulaUserId: string;

const entry = (overrides: Partial<UsageEntry> & Pick<UsageEntry, 'sourceId'>): UsageEntry => ({
  userId: null,
  channel: 'twilio',
  kind: 'call',
  at: new Date('2026-11-03T10:00:00Z'),
  seconds: 90,
  segments: 0,
  tokens: 1000,
  costUsd: 0.5,
  ...overrides,
});

beforeAll(async () => {
  const alice = await app.createUser({ tenantId: A, isAdmin: true, username: 'alice-usage' });
  const formula = await app.createUser({ tenantId: A, username: '=cmd-usage' });
  aliceId = alice.user.id;
  formulaUserId = formula.user.id;
  adminA = await app.signedIn(alice);
  memberA = await app.signedIn(formula);
  adminB = await app.signedIn(await app.createUser({ tenantId: B, isAdmin: true, username: 'bob-usage' }));
  await recordUsageEntry(app.pool, A, entry({ sourceId: 'call-1', userId: aliceId }));
  await recordUsageEntry(
    app.pool,
    A,
    entry({ sourceId: 'call-2', userId: aliceId, seconds: 30, costUsd: 0.25 }),
  );
  await recordUsageEntry(
    app.pool,
    A,
    entry({
      sourceId: 'sms-1',
      userId: formulaUserId,
      channel: 'sms',
      kind: 'text',
      seconds: 0,
      tokens: 0,
      costUsd: 0.0083,
    }),
  );
  await recordUsageEntry(
    app.pool,
    A,
    entry({ sourceId: 'call-3', userId: aliceId, at: new Date('2026-10-20T10:00:00Z') }),
  );
  await recordUsageEntry(app.pool, B, entry({ sourceId: 'call-b', costUsd: 9 }));
});

describe('GET /api/usage', () => {
  it('sums calls, minutes, texts, tokens and cost per day, user and channel of the caller tenant', async () => {
    const answer = await adminA.get('/api/usage?by=day&from=2026-11-01&to=2026-11-30');
    expect(answer.status).toBe(200);
    const report = usageReportSchema.parse(answer.body);
    expect(report.currency).toBe('USD');
    expect(report.rows).toEqual([
      {
        period: '2026-11-03',
        userId: formulaUserId,
        username: '=cmd-usage',
        channel: 'sms',
        calls: 0,
        minutes: 0,
        seconds: 0,
        texts: 1,
        tokens: 0,
        cost: 0.0083,
      },
      {
        period: '2026-11-03',
        userId: aliceId,
        username: 'alice-usage',
        channel: 'twilio',
        calls: 2,
        minutes: 2,
        seconds: 120,
        texts: 0,
        tokens: 2000,
        cost: 0.75,
      },
    ]);
    expect(report.totals).toEqual({ calls: 2, seconds: 120, texts: 1, tokens: 2000, cost: 0.7583 });
  });

  it('sums per month, in the currency the tenant set', async () => {
    const settings = { currency: 'EUR', usdRate: 0.9, monthlyBudget: null, hardStop: false, prices: {} };
    expect((await adminA.put('/api/usage/settings', settings)).status).toBe(200);
    const report = usageReportSchema.parse(
      (await adminA.get('/api/usage?by=month&from=2026-10-01&to=2026-11-30')).body,
    );
    expect(report.currency).toBe('EUR');
    const calls = report.rows.filter((row) => row.channel === 'twilio');
    expect(calls.map((row) => [row.period, row.calls, row.cost])).toEqual([
      ['2026-10', 1, 0.45],
      ['2026-11', 2, 0.675],
    ]);
    await adminA.put('/api/usage/settings', { ...settings, currency: 'USD', usdRate: 1 });
  });

  it("totals this month's cost before rounding, so the table's total is the budget banner's spend", async () => {
    const now = await databaseNow(app.pool);
    const fresh = await app.signedIn(await app.createUser({ tenantId: 'usage-totals', isAdmin: true }));
    // Three thirds of a cent: rounded one by one they sum to 0.0099, summed first to 0.01.
    for (const id of ['t-1', 't-2', 't-3'])
      await recordUsageEntry(app.pool, 'usage-totals', entry({ sourceId: id, at: now, costUsd: 0.00333333 }));
    const report = usageReportSchema.parse((await fresh.get('/api/usage?by=day')).body);
    const budget = budgetStatusSchema.parse((await fresh.get('/api/usage/budget')).body);
    expect(report.totals.cost).toBe(budget.spent);
    expect(report.totals.cost).toBeCloseTo(0.01, 6);
  });

  it('exports the same report as CSV, a leading formula character neutralised', async () => {
    const answer = await adminA.get('/api/usage/export.csv?from=2026-11-01&to=2026-11-30');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toContain('usage-2026-11-01-to-2026-11-30.csv');
    expect(answer.text.split('\r\n')).toEqual([
      'Period,User,Channel,Calls,Minutes,Texts,Tokens,Cost (USD)',
      "2026-11-03,'=cmd-usage,SMS,0,0:00,1,0,0.0083",
      '2026-11-03,alice-usage,Phone,2,2:00,0,2000,0.75',
      '',
    ]);
  });

  it('shows tenant B nothing of tenant A, and refuses a claim of tenant A', async () => {
    const report = usageReportSchema.parse(
      (await adminB.get('/api/usage?from=2026-11-01&to=2026-11-30')).body,
    );
    expect(report.rows.map((row) => row.cost)).toEqual([9]);
    expect(JSON.stringify(report)).not.toContain(aliceId);
    const csv = await adminB.get('/api/usage/export.csv?from=2026-11-01&to=2026-11-30');
    expect(csv.text).not.toContain('alice-usage');
    // A call whose user was deleted reads as on the screen, never a blank.
    expect(csv.text).toContain(',Deleted user,Phone,1,1:30,');
    const claim = { headers: { 'X-Tenant-Id': A } };
    expect((await adminB.get('/api/usage', claim)).status).toBe(403);
    expect((await adminB.get('/api/usage/settings')).body.currency).toBe('USD');
  });

  it('is for admins only', async () => {
    for (const path of ['/api/usage', '/api/usage/export.csv', '/api/usage/settings', '/api/usage/budget'])
      expect((await memberA.get(path)).status, path).toBe(403);
    expect((await memberA.put('/api/usage/settings', {})).status).toBe(403);
  });

  it('answers 400 with a message for a bad report or settings', async () => {
    const week = await adminA.get('/api/usage?by=week');
    expect(week.status).toBe(400);
    const backwards = await adminA.get('/api/usage?from=2026-11-30&to=2026-11-01');
    expect([backwards.status, backwards.body.message]).toEqual([400, 'from must not be after to']);
    expect((await adminA.get('/api/usage?from=2020-01-01&to=2026-11-01')).status).toBe(400);
    const euro = await adminA.put('/api/usage/settings', {
      currency: 'euro',
      usdRate: 1,
      monthlyBudget: null,
      hardStop: false,
      prices: {},
    });
    expect(euro.status).toBe(400);
    expect(euro.text).toContain('three-letter ISO code');
  });
});

describe('GET /api/usage/budget', () => {
  it("warns at 80 % of the month's budget, and stops at 100 % with the hard stop", async () => {
    const C = 'tenant-c';
    const adminC = await app.signedIn(
      await app.createUser({ tenantId: C, isAdmin: true, username: 'carol-usage' }),
    );
    // "This month" is the database's (the spend query's now()): the entries are dated by its clock.
    const now = await databaseNow(app.pool);
    await recordUsageEntry(app.pool, C, entry({ sourceId: 'this-month', at: now, costUsd: 8 }));
    // Last month's spend is not this month's.
    const lastMonth = new Date(now.getTime() - 40 * 86_400_000);
    await recordUsageEntry(app.pool, C, entry({ sourceId: 'last-month', at: lastMonth, costUsd: 100 }));
    const settings = { currency: 'USD', usdRate: 1, monthlyBudget: 10, hardStop: true, prices: {} };
    await adminC.put('/api/usage/settings', settings);
    const status = budgetStatusSchema.parse((await adminC.get('/api/usage/budget')).body);
    expect(status).toMatchObject({ spent: 8, budget: 10, ratio: 0.8, warning: true, stopped: false });
    await adminC.put('/api/usage/settings', { ...settings, monthlyBudget: 20 });
    expect((await adminC.get('/api/usage/budget')).body).toMatchObject({ warning: false, stopped: false });
    await adminC.put('/api/usage/settings', { ...settings, monthlyBudget: 8 });
    expect((await adminC.get('/api/usage/budget')).body).toMatchObject({ warning: true, stopped: true });
  });
});
