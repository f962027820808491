import type { EngineComparison, EngineFigures } from '@annie/api-client/contracts/usage';
import type { Queryable } from '../../../db/sql-text.ts';
import { readUsageSettings } from '../../usage/index.ts';
import { type EngineCallRow, engineCalls } from './engine-comparison.queries.ts';

const DAY_MS = 86_400_000;
const ENGINES = ['realtime', 'live'] as const;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Nearest-rank percentile of an ascending list. */
export const percentile = (sorted: number[], share: number) =>
  sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;

/** One engine's figures over its calls. */
function figuresOf(engine: EngineFigures['engine'], rows: EngineCallRow[]): EngineFigures {
  const minutes = rows.reduce((sum, row) => sum + row.seconds, 0) / 60;
  const latencies = rows.flatMap((row) => row.figures.latenciesMs).sort((a, b) => a - b);
  const tools = rows.flatMap((row) => row.figures.tools);
  const costs = rows.map((row) => row.figures.cost?.amount ?? null);
  const costKnown = costs.every((cost) => cost !== null);
  const interruptions = rows.reduce((sum, row) => sum + row.figures.interruptions, 0);
  return {
    engine,
    calls: rows.length,
    minutes: round(minutes, 2),
    latency:
      latencies.length > 0
        ? { p50: Math.round(percentile(latencies, 0.5)), p95: Math.round(percentile(latencies, 0.95)) }
        : null,
    interruptionsPerMinute: minutes > 0 ? round(interruptions / minutes, 2) : null,
    toolRuns: tools.length,
    toolFailures: tools.filter((tool) => tool.outcome === 'error').length,
    costPerMinute:
      minutes > 0 && costKnown
        ? round(costs.reduce<number>((sum, cost) => sum + (cost ?? 0), 0) / minutes, 6)
        : null,
  };
}

/**
 * Realtime and GPT-Live side by side over the tenant's measured calls (an engine split sends a share of
 * a profile's calls to the other engine, so both run on the same callers), in the tenant's currency.
 */
export async function compareEngines(
  db: Queryable,
  tenantId: string,
  query: { from?: string; to?: string },
  today = new Date(),
): Promise<EngineComparison> {
  const to = query.to ?? today.toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(to) - 29 * DAY_MS).toISOString().slice(0, 10);
  const [rows, settings] = await Promise.all([
    engineCalls(db, tenantId, { from, to }),
    readUsageSettings(db, tenantId),
  ]);
  return {
    from,
    to,
    currency: settings.currency,
    engines: ENGINES.map((engine) =>
      figuresOf(
        engine,
        rows.filter((row) => row.engine === engine),
      ),
    ),
  };
}
