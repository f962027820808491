import type { BudgetStatus } from '@annie/contracts/usage';
import type { Queryable } from '../../db/transaction.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { budgetsWithSpend, monthSpendUsd } from './usage-ledger.queries.ts';
import { readUsageSettings } from './usage-settings.queries.ts';

/** At this share of the monthly budget admins are warned. */
export const BUDGET_WARNING_RATIO = 0.8;

/** What a refused call or draft says (the month's budget is spent and the tenant chose a hard stop). */
export const BUDGET_STOP_MESSAGE =
  "Calls and drafts are paused: this month's usage budget is spent and its hard stop is on. Ask an admin of your workspace to raise the monthly budget or turn off the hard stop in Usage.";

/**
 * What the executive reads before pressing Start when the budget's hard stop pauses calls: which budget
 * (this month's, with its amount) and who can lift it; null while calls are allowed.
 */
export function budgetStopNotice(status: BudgetStatus): string | null {
  if (!status.stopped || status.budget === null) return null;
  const amount = `${status.budget.toFixed(2)} ${status.currency}`;
  return `Calls are paused: this month's usage budget of ${amount} is spent and its hard stop is on. Ask an admin of your workspace to raise the monthly budget or turn off the hard stop in Usage.`;
}

/** The tenant's spend this month against its budget, in its currency. */
export async function budgetStatus(db: Queryable, tenantId: string, now = new Date()): Promise<BudgetStatus> {
  const settings = await readUsageSettings(db, tenantId);
  const spent = Math.round((await monthSpendUsd(db, tenantId)) * settings.usdRate * 1e6) / 1e6;
  const budget = settings.monthlyBudget;
  const ratio = budget === null ? null : spent / budget;
  return {
    month: now.toISOString().slice(0, 7),
    spent,
    budget,
    currency: settings.currency,
    ratio,
    warning: ratio !== null && ratio >= BUDGET_WARNING_RATIO,
    stopped: ratio !== null && ratio >= 1 && settings.hardStop,
  };
}

/** Throws 402 with the stop message when the tenant's budget stops new calls and drafts. */
export async function assertWithinBudget(db: Queryable, tenantId: string): Promise<void> {
  const status = await budgetStatus(db, tenantId);
  if (status.stopped) throw new HttpError(402, 'budget_exceeded', BUDGET_STOP_MESSAGE);
}

/** The tenants whose month's spend reached 80 % of their budget, with the words an admin reads. */
export async function budgetWarnings(db: Queryable): Promise<{ tenantId: string; detail: string }[]> {
  const rows = await budgetsWithSpend(db);
  return rows
    .filter((row) => row.spent >= row.budget * BUDGET_WARNING_RATIO)
    .map((row) => {
      const share = Math.floor((row.spent / row.budget) * 100);
      const amounts = `${row.spent.toFixed(2)} of ${row.budget.toFixed(2)} ${row.currency}`;
      const stop =
        row.hardStop && row.spent >= row.budget ? '; the hard stop refuses new calls and drafts' : '';
      return {
        tenantId: row.tenantId,
        detail: `${share} % of this month's budget is spent (${amounts})${stop}`,
      };
    });
}
