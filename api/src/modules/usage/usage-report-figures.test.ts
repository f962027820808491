import type { UsageReport } from '@annie/contracts/usage';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http-errors.ts';
import { recordTextUse, textUsageCost, WEB_SEARCH_CALL_USD } from './token-usage.ts';
import { MAX_REPORT_DAYS, reportRange, usageCsv, usageReport } from './usage-report.ts';

// The report's arithmetic and the text models' costs on their own: the ledger and the settings are
// replaced by what a test hands them (their SQL is tested through the routes in usage.routes.test.ts).
const ledger = vi.hoisted(() => ({
  rows: [] as Record<string, unknown>[],
  settings: {} as Record<string, unknown>,
  recorded: [] as { tenantId: string; entry: Record<string, unknown> }[],
  asked: [] as unknown[],
}));
vi.mock('./usage-ledger.queries.ts', () => ({
  aggregateUsage: async (_db: unknown, tenantId: string, range: unknown) => {
    ledger.asked.push({ tenantId, range });
    return ledger.rows;
  },
  recordUsageEntry: async (_db: unknown, tenantId: string, entry: Record<string, unknown>) => {
    ledger.recorded.push({ tenantId, entry });
  },
}));
vi.mock('./usage-settings.queries.ts', () => ({
  readUsageSettings: async () => ledger.settings,
}));

const db = {} as never;
const settings = (over: Record<string, unknown> = {}) => ({
  currency: 'EUR',
  usdRate: 0.9,
  monthlyBudget: null,
  prices: {
    'text-model': {
      per: 'tokens',
      textIn: 2,
      textCached: 0.5,
      textOut: 8,
      audioIn: 0,
      audioCached: 0,
      audioOut: 0,
    },
  },
  ...over,
});

beforeEach(() => {
  ledger.rows = [];
  ledger.settings = settings();
  ledger.recorded = [];
  ledger.asked = [];
});

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('did not throw');
};

describe('reportRange', () => {
  const now = new Date('2026-11-27T23:30:00Z');

  it('runs by day from the first of the month to today, and by month from a year back', () => {
    expect(reportRange({ by: 'day' }, now)).toEqual({ by: 'day', from: '2026-11-01', to: '2026-11-27' });
    expect(reportRange({ by: 'month' }, now)).toEqual({ by: 'month', from: '2025-11-01', to: '2026-11-27' });
    expect(reportRange({ by: 'day', to: '2026-03-15' }, now)).toEqual({
      by: 'day',
      from: '2026-03-01',
      to: '2026-03-15',
    });
    expect(reportRange({ by: 'month', to: '2026-03-15' }, now)).toEqual({
      by: 'month',
      from: '2025-03-01',
      to: '2026-03-15',
    });
    expect(reportRange({ by: 'day', from: '2026-01-05', to: '2026-01-05' }, now)).toEqual({
      by: 'day',
      from: '2026-01-05',
      to: '2026-01-05',
    });
  });

  it(`refuses a range that runs backwards or spans more than ${MAX_REPORT_DAYS} days`, () => {
    const backwards = failure(() => reportRange({ by: 'day', from: '2026-01-06', to: '2026-01-05' }, now));
    expect([backwards.status, backwards.message]).toEqual([400, 'from must not be after to']);
    expect(reportRange({ by: 'day', from: '2025-01-01', to: '2026-02-05' }, now).from).toBe('2025-01-01');
    const long = failure(() => reportRange({ by: 'day', from: '2025-01-01', to: '2026-02-06' }, now));
    expect([long.status, long.message]).toEqual([400, `A report spans at most ${MAX_REPORT_DAYS} days`]);
  });
});

describe('usageReport', () => {
  it('converts each row and the totals to the tenant currency; the total cost is summed before rounding', async () => {
    const row = { userId: null, username: null, channel: 'sms', minutes: 0 };
    ledger.rows = [
      { ...row, period: '2026-11-01', calls: 2, seconds: 95, texts: 1, tokens: 10.4, costUsd: 0.00005 },
      { ...row, period: '2026-11-02', calls: 3, seconds: 5, texts: 4, tokens: 20.4, costUsd: 0.00005 },
    ];
    const range = { by: 'day' as const, from: '2026-11-01', to: '2026-11-27' };
    const report = await usageReport(db, 'tenant-a', range);
    expect(ledger.asked).toEqual([{ tenantId: 'tenant-a', range }]);
    expect(report).toEqual({
      currency: 'EUR',
      rows: [
        // 0.00005 × 0.9 = 0.000045: 0 at four places.
        { ...row, period: '2026-11-01', calls: 2, seconds: 95, texts: 1, tokens: 10, cost: 0 },
        { ...row, period: '2026-11-02', calls: 3, seconds: 5, texts: 4, tokens: 20, cost: 0 },
      ],
      // 0.0001 × 0.9 at six places; tokens rounded once summed (30.8 → 31).
      totals: { calls: 5, seconds: 100, texts: 5, tokens: 31, cost: 0.00009 },
    });
  });

  it('rounds each row to four places', async () => {
    ledger.settings = settings({ usdRate: 1 });
    ledger.rows = [
      {
        period: '2026-11',
        userId: null,
        username: 'ann',
        channel: 'twilio',
        minutes: 1,
        calls: 1,
        seconds: 60,
        texts: 0,
        tokens: 1,
        costUsd: 1.23456,
      },
    ];
    const report = await usageReport(db, 'tenant-a', { by: 'month', from: '2026-01-01', to: '2026-11-27' });
    expect(report.rows[0]?.cost).toBe(1.2346);
    expect(report.totals.cost).toBe(1.23456);
  });

  it('has zero totals for a period without usage', async () => {
    const report = await usageReport(db, 'tenant-a', { by: 'day', from: '2026-11-01', to: '2026-11-27' });
    expect(report).toEqual({
      currency: 'EUR',
      rows: [],
      totals: { calls: 0, seconds: 0, texts: 0, tokens: 0, cost: 0 },
    });
  });
});

describe('usageCsv', () => {
  const report = (rows: Partial<UsageReport['rows'][number]>[]): UsageReport => ({
    currency: 'EUR',
    rows: rows.map((row) => ({
      period: '2026-11',
      userId: null,
      username: 'ann',
      channel: 'twilio',
      calls: 1,
      minutes: 1,
      seconds: 95,
      texts: 0,
      tokens: 12,
      cost: 0.5,
      ...row,
    })),
    totals: { calls: 0, seconds: 0, texts: 0, tokens: 0, cost: 0 },
  });

  it('writes the screen’s words under the headers, CRLF after every line', () => {
    expect(
      usageCsv(
        report([
          {},
          { username: null, channel: 'sms', seconds: 3725 },
          { username: null, channel: 'webrtc' },
        ]),
      ),
    ).toBe(
      'Period,User,Channel,Calls,Minutes,Texts,Tokens,Cost (EUR)\r\n' +
        '2026-11,ann,Phone,1,1:35,0,12,0.5\r\n' +
        '2026-11,Shared,SMS,1,1:02:05,0,12,0.5\r\n' +
        '2026-11,Deleted user,Browser,1,1:35,0,12,0.5\r\n',
    );
  });

  it('quotes a field with a comma, quote or line break, and neutralises a leading formula character', () => {
    const lines = usageCsv(
      report([
        { username: 'a,b' },
        { username: 'say "hi"' },
        { username: 'two\nlines' },
        { username: '=SUM(A1)' },
        { username: '+1' },
        { username: '-1' },
        { username: '@me' },
        { username: '\tx' },
        { username: 'x=1' },
        { cost: -0.5 },
      ]),
    )
      .split('\r\n')
      .slice(1, -1);
    expect(lines.map((line) => line.slice('2026-11,'.length).split(',Phone,')[0])).toEqual([
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      "'=SUM(A1)",
      "'+1",
      "'-1",
      "'@me",
      "'\tx",
      'x=1',
      'ann',
    ]);
    // A number is never rewritten: a negative cost stays a number.
    expect(lines.at(-1)?.endsWith(',-0.5')).toBe(true);
  });

  it('quotes a field with a carriage return', () => {
    expect(usageCsv(report([{ username: 'a\rb' }])).split('\r\n')[1]).toBe(
      '2026-11,"a\rb",Phone,1,1:35,0,12,0.5',
    );
  });
});

describe('text model costs', () => {
  const usage = { model: 'text-model', inputTokens: 1000, cachedTokens: 400, outputTokens: 250 };

  it('prices a request by the tenant’s table, cached input at its own rate; an unpriced model costs 0', async () => {
    // (600×2 + 400×0.5 + 250×8) / 1e6
    expect(await textUsageCost(db, 'tenant-a', usage)).toBe(0.0034);
    expect(await textUsageCost(db, 'tenant-a', { ...usage, model: 'unknown-model' })).toBe(0);
  });

  it('records each request as its own web line: tokens in and out, its cost and a fee beside it', async () => {
    const before = Date.now();
    await recordTextUse(db, 'tenant-a', { userId: 'u1', kind: 'search', usage, feeUsd: WEB_SEARCH_CALL_USD });
    await recordTextUse(db, 'tenant-a', { userId: 'u1', kind: 'search', usage, feeUsd: WEB_SEARCH_CALL_USD });
    await recordTextUse(db, 'tenant-b', { userId: 'u2', kind: 'reply', usage: undefined });
    await recordTextUse(db, 'tenant-b', { userId: 'u2', kind: 'reply', usage });
    expect(WEB_SEARCH_CALL_USD).toBe(0.01);
    const entry = (tenantId: string, userId: string, kind: string, tokens: number, costUsd: number) => ({
      tenantId,
      entry: {
        userId,
        channel: 'web',
        kind,
        sourceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        at: expect.any(Date),
        seconds: 0,
        segments: 0,
        tokens,
        costUsd,
      },
    });
    expect(ledger.recorded).toEqual([
      entry('tenant-a', 'u1', 'search', 1250, 0.0134),
      entry('tenant-a', 'u1', 'search', 1250, 0.0134),
      entry('tenant-b', 'u2', 'reply', 0, 0),
      entry('tenant-b', 'u2', 'reply', 1250, 0.0034),
    ]);
    const [first, second] = ledger.recorded;
    expect(first?.entry.sourceId).not.toBe(second?.entry.sourceId);
    expect((first?.entry.at as Date | undefined)?.getTime()).toBeGreaterThanOrEqual(before);
  });
});
