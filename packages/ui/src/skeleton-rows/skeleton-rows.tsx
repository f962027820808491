import { Box, Flex } from '@radix-ui/themes';

type Props = {
  /** How many rows stand in for the list while it loads. */
  rows?: number;
  /** The accessible name of the placeholder ("Loading numbers…"). */
  label?: string;
};

const WIDTHS = ['72%', '54%', '64%', '46%', '68%'];

/**
 * Grey bars where a list's rows will be, while it loads: the page keeps its shape instead of showing a
 * spinner and then jumping. Drawn with the theme's tokens, so it follows light and dark.
 */
export function SkeletonRows({ rows = 3, label = 'Loading…' }: Props) {
  return (
    <Flex direction="column" gap="3" py="2" role="status" aria-live="polite" aria-label={label} aria-busy>
      {Array.from({ length: rows }, (_, index) => (
        <Flex key={index} gap="3" align="center" data-skeleton-row="">
          <Box
            aria-hidden
            style={{
              height: 'var(--space-4)',
              width: WIDTHS[index % WIDTHS.length],
              borderRadius: 'var(--radius-2)',
              backgroundColor: 'var(--gray-a3)',
            }}
          />
          <Box
            aria-hidden
            style={{
              height: 'var(--space-4)',
              width: '16%',
              marginLeft: 'auto',
              borderRadius: 'var(--radius-2)',
              backgroundColor: 'var(--gray-a3)',
            }}
          />
        </Flex>
      ))}
    </Flex>
  );
}
