import type { DailyLatency, LatencyByDay } from '@annie/contracts/usage';
import type { Queryable } from '../../../db/sql-text.ts';
import { badRequest } from '../../../lib/http-errors.ts';
import { percentile } from './engine-comparison.service.ts';
import { dayLatencies } from './latency-by-day.queries.ts';

const DAY_MS = 86_400_000;
/** As the usage report: at most a year of days. */
const MAX_DAYS = 400;

/**
 * Response latency per UTC day over the tenant's measured calls (the Usage screen's latency chart): each
 * day with calls, its median and 95th percentile over every answered turn. Default: this month.
 */
export async function latencyByDay(
  db: Queryable,
  tenantId: string,
  query: { from?: string; to?: string },
  today = new Date(),
): Promise<LatencyByDay> {
  const to = query.to ?? today.toISOString().slice(0, 10);
  const from = query.from ?? `${to.slice(0, 7)}-01`;
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS > MAX_DAYS)
    throw badRequest(`A latency chart spans at most ${MAX_DAYS} days`);
  const rows = await dayLatencies(db, tenantId, { from, to });
  const byDay = new Map<string, { calls: number; latencies: number[] }>();
  for (const row of rows) {
    const day = byDay.get(row.date) ?? { calls: 0, latencies: [] };
    day.calls += 1;
    day.latencies.push(...row.latenciesMs);
    byDay.set(row.date, day);
  }
  const days: DailyLatency[] = [...byDay]
    .filter(([, day]) => day.latencies.length > 0)
    .map(([date, day]) => {
      const sorted = day.latencies.sort((a, b) => a - b);
      return {
        date,
        calls: day.calls,
        p50: Math.round(percentile(sorted, 0.5)),
        p95: Math.round(percentile(sorted, 0.95)),
      };
    });
  return { from, to, days };
}
