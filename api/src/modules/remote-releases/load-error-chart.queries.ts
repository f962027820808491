import type { RemoteLoadErrorChart } from '@annie/contracts/remote-releases';
import type { RemoteName } from '@annie/contracts/remotes';
import { plainSql, runPlain } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';
import { REGISTRY } from './release-state.queries.ts';

/** How many versions the chart shows: the ones activated last. */
export const CHART_VERSIONS = 5;
/** Up to this long in effect, the oldest version shown is counted per hour; beyond, per day. */
const HOURLY_FOR_MS = 48 * 3_600_000;

// Each version's last activation (for everyone or as a canary), then its failures since, per hour.
const CHART_SQL = plainSql(
  REGISTRY,
  `with activation as (
     select version, max(at) as since from remote_audit
      where remote = $1 and action in ('activate', 'canary') and version is not null
      group by version order by since desc limit $2
   )
   select a.version, a.since, date_trunc('hour', e.at) as hour, count(e.at)::int as errors
     from activation a
     left join remote_load_error e on e.remote = $1 and e.version = a.version and e.at >= a.since
    group by a.version, a.since, hour
    order by a.since desc, hour`,
);

type Row = { version: string; since: Date; hour: Date | null; errors: number };

function dayOf(hour: Date): string {
  const day = new Date(hour);
  day.setUTCHours(0, 0, 0, 0);
  return day.toISOString();
}

/**
 * The load failures of `remote`'s last activated versions, each counted from its last activation: per
 * hour while the oldest of them is under two days in effect, else per (UTC) day.
 */
export async function loadErrorChart(
  db: Queryable,
  remote: RemoteName,
  now = new Date(),
): Promise<RemoteLoadErrorChart> {
  const rows = await runPlain<Row>(db, CHART_SQL, [remote, CHART_VERSIONS]);
  const versions = new Map<string, { since: Date; points: Map<string, number> }>();
  for (const row of rows) {
    if (!versions.has(row.version)) versions.set(row.version, { since: row.since, points: new Map() });
  }
  const oldest = Math.min(...[...versions.values()].map((version) => version.since.getTime()));
  const bucket = versions.size === 0 || now.getTime() - oldest <= HOURLY_FOR_MS ? 'hour' : 'day';
  for (const row of rows) {
    if (!row.hour || row.errors === 0) continue;
    const at = bucket === 'hour' ? row.hour.toISOString() : dayOf(row.hour);
    const points = versions.get(row.version)?.points;
    points?.set(at, (points.get(at) ?? 0) + row.errors);
  }
  return {
    remote,
    bucket,
    versions: [...versions].map(([version, { since, points }]) => ({
      version,
      since: since.toISOString(),
      errors: [...points.values()].reduce((sum, errors) => sum + errors, 0),
      points: [...points].map(([at, errors]) => ({ at, errors })),
    })),
  };
}
