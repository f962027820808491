import { ENGINE_PROFILE_NOT_FOUND, type EngineComparison, type EngineFigures } from '@annie/contracts/usage';
import type { Queryable } from '../../../db/sql-text.ts';
import { notFound } from '../../../lib/http-errors.ts';
import { readUsageSettings } from '../../usage/index.ts';
import { findCallProfile } from '../profiles/index.ts';
import { claimCallEngineRow, type EngineCallRow, engineCalls } from './engine-comparison.queries.ts';

type Engine = 'realtime' | 'live';

/**
 * The engine call session `callSessionId` runs on: `drawn` when none is stored yet (stored with the
 * profile that chose it: `profileId`, or with none given the tenant's default profile, which a call
 * without a chosen profile runs with), otherwise the one its first stream stored. Null when there is
 * no such session in the tenant.
 */
export async function claimCallEngine(
  db: Queryable,
  tenantId: string,
  callSessionId: string,
  drawn: { engine: Engine; profileId: string | null },
): Promise<Engine | null> {
  const profileId = drawn.profileId ?? (await findCallProfile(db, tenantId, null))?.id ?? null;
  return claimCallEngineRow(db, tenantId, callSessionId, { engine: drawn.engine, profileId });
}

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
 * Realtime and GPT-Live side by side over one voice profile's measured calls (`profileId`, by default
 * the tenant's default profile; an engine split sends a share of its calls to the other engine, so both
 * run on the same callers), in the tenant's currency. 404 when the profile is none of the tenant's.
 * A tenant with no profile saved yet compares all its calls (they all ran on the default settings).
 */
export async function compareEngines(
  db: Queryable,
  tenantId: string,
  query: { from?: string; to?: string; profileId?: string },
  today = new Date(),
): Promise<EngineComparison> {
  const to = query.to ?? today.toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(to) - 29 * DAY_MS).toISOString().slice(0, 10);
  const profile = await findCallProfile(db, tenantId, query.profileId ?? null);
  if (query.profileId && !profile) throw notFound(ENGINE_PROFILE_NOT_FOUND);
  const [rows, settings] = await Promise.all([
    engineCalls(db, tenantId, { from, to, profileId: profile?.id ?? null }),
    readUsageSettings(db, tenantId),
  ]);
  return {
    from,
    to,
    profile: profile ? { id: profile.listId, name: profile.name } : null,
    currency: settings.currency,
    engines: ENGINES.map((engine) =>
      figuresOf(
        engine,
        rows.filter((row) => row.engine === engine),
      ),
    ),
  };
}
