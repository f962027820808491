import { Flex, Text } from '@radix-ui/themes';

export type ChartSeries = {
  name: string;
  /** A Radix colour variable, e.g. var(--accent-9). */
  color: string;
  values: number[];
};

type Props = {
  title: string;
  /** The x axis: one label per point ("Nov 3"). */
  labels: string[];
  series: ChartSeries[];
  format: (value: number) => string;
};

const WIDTH = 320;
const HEIGHT = 140;
const PAD = { left: 8, right: 8, top: 14, bottom: 22 };

/**
 * A small line chart in plain SVG (no chart library: the bundle stays small): one line per series with a
 * point per period, each point titled with its period and value, the highest value and the first and
 * last period on the axes. Its name sums it up for a screen reader.
 */
export function PeriodChart({ title, labels, series, format }: Props) {
  const max = Math.max(0, ...series.flatMap((line) => line.values));
  const top = max > 0 ? max : 1;
  const span = WIDTH - PAD.left - PAD.right;
  const x = (index: number) =>
    PAD.left + (labels.length > 1 ? (index / (labels.length - 1)) * span : span / 2);
  const y = (value: number) => PAD.top + (1 - value / top) * (HEIGHT - PAD.top - PAD.bottom);
  const first = labels[0] ?? '';
  const last = labels.at(-1) ?? '';
  const summary = `${title}: ${labels.length} ${labels.length === 1 ? 'period' : 'periods'}${
    first ? ` from ${first} to ${last}` : ''
  }, highest ${format(max)}`;
  return (
    <Flex asChild direction="column" gap="1" m="0">
      <figure aria-label={title}>
        <Flex asChild justify="between" align="center" gap="2" wrap="wrap">
          <figcaption>
            <Text size="2" weight="medium">
              {title}
            </Text>
            {series.length > 1 && (
              <Flex gap="3" aria-hidden="true">
                {series.map((line) => (
                  <Text size="1" color="gray" key={line.name}>
                    <span style={{ color: line.color }}>●</span> {line.name}
                  </Text>
                ))}
              </Flex>
            )}
          </figcaption>
        </Flex>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width="100%"
          role="img"
          aria-label={summary}
          style={{ display: 'block', overflow: 'visible' }}
        >
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(0)}
            y2={y(0)}
            stroke="var(--gray-a6)"
            strokeWidth={1}
          />
          <text x={PAD.left} y={PAD.top - 4} fontSize={10} fill="var(--gray-11)">
            {format(max)}
          </text>
          <text x={PAD.left} y={HEIGHT - 6} fontSize={10} fill="var(--gray-11)">
            {first}
          </text>
          {labels.length > 1 && (
            <text x={WIDTH - PAD.right} y={HEIGHT - 6} fontSize={10} fill="var(--gray-11)" textAnchor="end">
              {last}
            </text>
          )}
          {series.map((line) => (
            <g key={line.name} data-series={line.name}>
              {line.values.length > 1 && (
                <polyline
                  fill="none"
                  stroke={line.color}
                  strokeWidth={2}
                  strokeLinejoin="round"
                  points={line.values.map((value, index) => `${x(index)},${y(value)}`).join(' ')}
                />
              )}
              {line.values.map((value, index) => (
                <circle
                  key={labels[index] ?? index}
                  cx={x(index)}
                  cy={y(value)}
                  r={3}
                  fill={line.color}
                  data-period={labels[index]}
                >
                  <title>{`${labels[index]}: ${series.length > 1 ? `${line.name} ` : ''}${format(value)}`}</title>
                </circle>
              ))}
            </g>
          ))}
        </svg>
      </figure>
    </Flex>
  );
}
