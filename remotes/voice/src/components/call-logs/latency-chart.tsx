import { formatMs } from '@annie/ui/format';
import { Box, Flex, Text } from '@radix-ui/themes';

type Props = { latenciesMs: number[] };

/** Per-turn response times as horizontal bars, scaled to the slowest; each bar is a list item with its figure. */
export function LatencyChart({ latenciesMs }: Props) {
  const slowest = Math.max(1, ...latenciesMs);
  return (
    <Flex asChild direction="column" gap="1" p="0" m="0">
      <ol aria-label="Response time per turn" style={{ listStyle: 'none' }}>
        {latenciesMs.map((ms, turn) => (
          // Turns never change order once measured: the index is the turn.
          <li key={turn}>
            <Flex align="center" gap="2">
              <Text size="1" color="gray" style={{ width: 48 }}>
                Turn {turn + 1}
              </Text>
              <Box
                aria-hidden
                style={{
                  height: 8,
                  width: `${Math.max(2, (ms / slowest) * 60)}%`,
                  borderRadius: 4,
                  background: 'var(--accent-9)',
                }}
              />
              <Text size="1">{formatMs(ms)}</Text>
            </Flex>
          </li>
        ))}
      </ol>
    </Flex>
  );
}
