import type { RemoteLoadErrorChart } from '@annie/contracts/remote-releases';
import { formatDateTime } from '@annie/ui/format';
import { Box, Flex, Text } from '@radix-ui/themes';

const WIDTH = 600;
const HEIGHT = 160;
const PAD = { left: 32, right: 8, top: 8, bottom: 20 };
const HOUR = 3_600_000;
/** A colour and a dash per series, so versions differ by more than colour; tokens follow light and dark. */
const SERIES = [
  { stroke: 'var(--indigo-9)', dash: undefined },
  { stroke: 'var(--orange-9)', dash: '6 3' },
  { stroke: 'var(--purple-9)', dash: '2 3' },
  { stroke: 'var(--green-9)', dash: '8 3 2 3' },
  { stroke: 'var(--blue-9)', dash: '1 2' },
];

type Series = { version: string; errors: number; since: number; points: { at: number; errors: number }[] };

/** Each version's counts on every period from its activation to now, the periods without failures at 0. */
export function seriesOf(chart: RemoteLoadErrorChart, now: number): Series[] {
  const step = chart.bucket === 'hour' ? HOUR : 24 * HOUR;
  const floor = (at: number) => {
    const date = new Date(at);
    if (chart.bucket === 'hour') date.setUTCMinutes(0, 0, 0);
    else date.setUTCHours(0, 0, 0, 0);
    return date.getTime();
  };
  return chart.versions.map((version) => {
    const counted = new Map(version.points.map((point) => [Date.parse(point.at), point.errors]));
    const since = Date.parse(version.since);
    const points: Series['points'] = [];
    for (let at = floor(since); at <= floor(now); at += step)
      points.push({ at, errors: counted.get(at) ?? 0 });
    return { version: version.version, errors: version.errors, since, points };
  });
}

/** Load failures per version since its activation, as lines over time (plain SVG), with a legend in words. */
export function LoadErrorChart({ chart, now = Date.now() }: { chart: RemoteLoadErrorChart; now?: number }) {
  if (chart.versions.length === 0)
    return (
      <Text as="p" size="2" color="gray">
        No version has been activated here yet.
      </Text>
    );
  const series = seriesOf(chart, now);
  const start = Math.min(...series.map((line) => line.points[0]?.at ?? line.since));
  const end = Math.max(now, start + HOUR);
  const top = Math.max(1, ...series.flatMap((line) => line.points.map((point) => point.errors)));
  const x = (at: number) => PAD.left + ((at - start) / (end - start)) * (WIDTH - PAD.left - PAD.right);
  const y = (errors: number) => HEIGHT - PAD.bottom - (errors / top) * (HEIGHT - PAD.top - PAD.bottom);
  const per = chart.bucket === 'hour' ? 'hour' : 'day';
  const summary = series
    .map((line) => `${line.version}: ${line.errors} since ${formatDateTime(line.since)}`)
    .join('; ');

  return (
    <Flex direction="column" gap="2">
      <Box asChild style={{ width: '100%', height: 'auto', maxHeight: 220 }}>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={`Load failures per ${per} and version. ${summary}`}
          data-testid="load-error-chart"
        >
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(0)}
            y2={y(0)}
            stroke="var(--gray-a7)"
            strokeWidth={1}
          />
          <text x={PAD.left - 6} y={y(top) + 4} textAnchor="end" fontSize="10" fill="var(--gray-11)">
            {top}
          </text>
          <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" fontSize="10" fill="var(--gray-11)">
            0
          </text>
          <text x={PAD.left} y={HEIGHT - 4} fontSize="10" fill="var(--gray-11)">
            {formatDateTime(start)}
          </text>
          <text x={WIDTH - PAD.right} y={HEIGHT - 4} textAnchor="end" fontSize="10" fill="var(--gray-11)">
            now
          </text>
          {series.map((line, index) => {
            const style = SERIES[index % SERIES.length] ?? SERIES[0];
            const points = line.points.map((point) => `${x(point.at)},${y(point.errors)}`).join(' ');
            return (
              <g key={line.version} data-version={line.version}>
                <polyline
                  points={points}
                  fill="none"
                  stroke={style?.stroke}
                  strokeDasharray={style?.dash}
                  strokeWidth={2}
                  strokeLinejoin="round"
                />
                {line.points
                  .filter((point) => point.errors > 0)
                  .map((point) => (
                    <circle
                      key={point.at}
                      cx={x(point.at)}
                      cy={y(point.errors)}
                      r={3}
                      fill={style?.stroke}
                      data-errors={point.errors}
                    >
                      <title>{`${line.version}: ${point.errors} in the ${per} from ${formatDateTime(point.at)}`}</title>
                    </circle>
                  ))}
              </g>
            );
          })}
        </svg>
      </Box>
      <Flex gap="4" wrap="wrap" asChild>
        <ul aria-label="Versions charted" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {series.map((line, index) => {
            const style = SERIES[index % SERIES.length] ?? SERIES[0];
            return (
              <li key={line.version}>
                <Flex gap="2" align="center">
                  <svg width="18" height="6" aria-hidden>
                    <line
                      x1="0"
                      x2="18"
                      y1="3"
                      y2="3"
                      stroke={style?.stroke}
                      strokeDasharray={style?.dash}
                      strokeWidth={2}
                    />
                  </svg>
                  <Text size="1">
                    {line.version}: {line.errors === 1 ? '1 failure' : `${line.errors} failures`} since{' '}
                    {formatDateTime(line.since)}
                  </Text>
                </Flex>
              </li>
            );
          })}
        </ul>
      </Flex>
    </Flex>
  );
}
