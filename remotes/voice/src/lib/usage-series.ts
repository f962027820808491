import type { UsageReport } from '@annie/contracts/usage';

/** One period's sums over every user and channel: what the usage charts plot. */
export type UsagePeriod = { period: string; calls: number; seconds: number; cost: number };

/** The report's rows summed per period, oldest first (rows come per period, user and channel). */
export function usagePerPeriod(report: UsageReport): UsagePeriod[] {
  const byPeriod = new Map<string, UsagePeriod>();
  for (const row of report.rows) {
    const sums = byPeriod.get(row.period) ?? { period: row.period, calls: 0, seconds: 0, cost: 0 };
    sums.calls += row.calls;
    sums.seconds += row.seconds;
    sums.cost += row.cost;
    byPeriod.set(row.period, sums);
  }
  return [...byPeriod.values()].sort((a, b) => a.period.localeCompare(b.period));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A period as the charts name it: "2026-11-03" → "Nov 3", "2026-11" → "Nov 2026". */
export function periodLabel(period: string): string {
  const [year, month, day] = period.split('-');
  const name = MONTHS[Number(month) - 1] ?? month;
  return day ? `${name} ${Number(day)}` : `${name} ${year}`;
}
