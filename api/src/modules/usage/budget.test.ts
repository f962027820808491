import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-errors.ts';
import {
  assertWithinBudget,
  BUDGET_STOP_MESSAGE,
  budgetStatus,
  budgetStopNotice,
  budgetWarnings,
} from './budget.ts';

// The budget's arithmetic against a stand-in for the pool that answers the three statements budget.ts
// runs (the settings, this month's spend, every tenant's budget); the SQL itself is tested in the
// routes tests against PostgreSQL.
type Settings = { currency: string; usdRate: number; monthlyBudget: number | null; hardStop: boolean };
type Budget = { tenantId: string; currency: string; budget: number; hardStop: boolean; spent: number };

function stubDb(answers: { settings?: Settings; spentUsd?: number; budgets?: Budget[] }) {
  const query = async (text: string) => {
    if (/from usage_settings where tenant_id/.test(text))
      return { rows: answers.settings ? [{ ...answers.settings, prices: {} }] : [] };
    if (/from usage_entry\s+where tenant_id/.test(text)) return { rows: [{ usd: answers.spentUsd ?? 0 }] };
    if (/from usage_settings s/.test(text)) return { rows: answers.budgets ?? [] };
    throw new Error(`unexpected statement: ${text}`);
  };
  return { query } as never;
}

const settings = (overrides: Partial<Settings>): Settings => ({
  currency: 'EUR',
  usdRate: 0.5,
  monthlyBudget: 10,
  hardStop: true,
  ...overrides,
});

describe("this month's budget status", () => {
  it("converts the month's spend into the tenant's currency, rounded to a millionth, for the month asked", async () => {
    const db = stubDb({ settings: settings({ usdRate: 0.9 }), spentUsd: 1.23456789 });
    expect(await budgetStatus(db, 't1', new Date('2026-03-31T23:30:00Z'))).toEqual({
      month: '2026-03',
      spent: 1.111111,
      budget: 10,
      currency: 'EUR',
      ratio: expect.closeTo(0.1111111, 12),
      warning: false,
      stopped: false,
    });
  });

  it('warns from 80 % of the budget and stops from 100 %, only with the hard stop on', async () => {
    const at = async (spentUsd: number, hardStop = true) =>
      budgetStatus(stubDb({ settings: settings({ hardStop }), spentUsd }), 't1');
    expect(await at(15.98)).toMatchObject({ spent: 7.99, warning: false, stopped: false });
    expect(await at(16)).toMatchObject({ ratio: 0.8, warning: true, stopped: false });
    expect(await at(19.98)).toMatchObject({ warning: true, stopped: false });
    expect(await at(20)).toMatchObject({ ratio: 1, warning: true, stopped: true });
    expect(await at(40, false)).toMatchObject({ ratio: 2, warning: true, stopped: false });
  });

  it('without a budget (or settings) neither warns nor stops, whatever is spent', async () => {
    const noBudget = await budgetStatus(
      stubDb({ settings: settings({ monthlyBudget: null }), spentUsd: 1e6 }),
      't1',
    );
    expect(noBudget).toMatchObject({ budget: null, ratio: null, warning: false, stopped: false });
    const defaults = await budgetStatus(stubDb({ spentUsd: 3 }), 't1');
    expect(defaults).toMatchObject({ spent: 3, currency: 'USD', budget: null, stopped: false });
  });

  it('refuses a new call with 402 and the stop message once the hard stop applies, and only then', async () => {
    await expect(assertWithinBudget(stubDb({ settings: settings({}), spentUsd: 19.99 }), 't1')).resolves.toBe(
      undefined,
    );
    const refused = await assertWithinBudget(stubDb({ settings: settings({}), spentUsd: 20 }), 't1').catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 402, code: 'budget_exceeded', message: BUDGET_STOP_MESSAGE });
    expect(BUDGET_STOP_MESSAGE).toBe(
      "Calls and drafts are paused: this month's usage budget is spent and its hard stop is on. Ask an admin of your workspace to raise the monthly budget or turn off the hard stop in Usage.",
    );
  });
});

describe('what the executive reads before pressing Start', () => {
  const status = { month: '2026-03', spent: 12, budget: 12.5, currency: 'EUR', ratio: 1, warning: true };
  it('names the budget and who lifts it while calls are paused, and nothing otherwise', () => {
    expect(budgetStopNotice({ ...status, stopped: true })).toBe(
      "Calls are paused: this month's usage budget of 12.50 EUR is spent and its hard stop is on. Ask an admin of your workspace to raise the monthly budget or turn off the hard stop in Usage.",
    );
    expect(budgetStopNotice({ ...status, stopped: false })).toBeNull();
    expect(budgetStopNotice({ ...status, budget: null, ratio: null, stopped: true })).toBeNull();
  });
});

describe("the doctor's budget warnings", () => {
  it('lists the tenants from 80 % of their budget, with the share, the amounts and the hard stop', async () => {
    const budget = (tenantId: string, spent: number, hardStop: boolean): Budget => ({
      tenantId,
      currency: 'EUR',
      budget: 10,
      hardStop,
      spent,
    });
    const db = stubDb({
      budgets: [
        budget('under', 7.99, true),
        budget('warned', 8, true),
        budget('almost', 9.999, true),
        budget('stopped', 10, true),
        budget('over-no-stop', 12.345, false),
      ],
    });
    expect(await budgetWarnings(db)).toEqual([
      { tenantId: 'warned', detail: "80 % of this month's budget is spent (8.00 of 10.00 EUR)" },
      { tenantId: 'almost', detail: "99 % of this month's budget is spent (10.00 of 10.00 EUR)" },
      {
        tenantId: 'stopped',
        detail:
          "100 % of this month's budget is spent (10.00 of 10.00 EUR); the hard stop refuses new calls and drafts",
      },
      { tenantId: 'over-no-stop', detail: "123 % of this month's budget is spent (12.35 of 10.00 EUR)" },
    ]);
  });
});
