import type { UsageReport, UsageRow } from '@annie/contracts/usage';
import {
  formatMinutesSeconds,
  USAGE_CHANNEL_LABELS,
  usageCsvHeaders,
  usageUserLabel,
} from '@annie/contracts/usage-words';
import type { Queryable } from '../../db/transaction.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { aggregateUsage } from './usage-ledger.queries.ts';
import { readUsageSettings } from './usage-settings.queries.ts';

/** A report spans at most this many days (a year of days, or the months within it). */
export const MAX_REPORT_DAYS = 400;
const DAY_MS = 86_400_000;

/** The report's dates: `to` defaults to today (UTC), `from` to the first of `to`'s month (day) or a year back (month). */
export function reportRange(query: { by: 'day' | 'month'; from?: string; to?: string }, now = new Date()) {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const first = `${to.slice(0, 7)}-01`;
  const yearBack = `${Number(to.slice(0, 4)) - 1}${to.slice(4, 7)}-01`;
  const from = query.from ?? (query.by === 'day' ? first : yearBack);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (days < 0) throw badRequest('from must not be after to');
  if (days > MAX_REPORT_DAYS) throw badRequest(`A report spans at most ${MAX_REPORT_DAYS} days`);
  return { by: query.by, from, to };
}

/**
 * The tenant's usage per period, user and channel, costs in its currency, and the totals. The total
 * cost is summed before rounding and rounded as the budget's spend is, so the banner and the table agree.
 */
export async function usageReport(
  db: Queryable,
  tenantId: string,
  range: { by: 'day' | 'month'; from: string; to: string },
): Promise<UsageReport> {
  const settings = await readUsageSettings(db, tenantId);
  const rows = await aggregateUsage(db, tenantId, range);
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  return {
    currency: settings.currency,
    rows: rows.map(({ costUsd, ...row }) => ({
      ...row,
      tokens: Math.round(row.tokens),
      cost: Math.round(costUsd * settings.usdRate * 1e4) / 1e4,
    })),
    totals: {
      calls: sum((row) => row.calls),
      seconds: sum((row) => row.seconds),
      texts: sum((row) => row.texts),
      tokens: Math.round(sum((row) => row.tokens)),
      cost: Math.round(sum((row) => row.costUsd) * settings.usdRate * 1e6) / 1e6,
    },
  };
}

/** One CSV line's values, in the screen's words: Phone, Browser, Shared, minutes as m:ss. */
const csvValues = (row: UsageRow): unknown[] => [
  row.period,
  usageUserLabel(row),
  USAGE_CHANNEL_LABELS[row.channel],
  row.calls,
  formatMinutesSeconds(row.seconds),
  row.texts,
  row.tokens,
  row.cost,
];

/** A CSV field: quoted when needed, and a leading formula character neutralised for spreadsheets. */
function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The report as CSV under the table's headers, one line per row, the cost column naming the currency. */
export function usageCsv(report: UsageReport): string {
  const header = usageCsvHeaders(report.currency).map(csvField);
  const lines = report.rows.map((row) => csvValues(row).map(csvField).join(','));
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
