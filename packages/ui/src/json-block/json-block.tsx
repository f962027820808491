import { Box, Heading } from '@radix-ui/themes';
import type { CSSProperties } from 'react';

const PRE_STYLE: CSSProperties = {
  margin: 0,
  padding: 'var(--space-3)',
  maxHeight: '24rem',
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  fontFamily: 'var(--code-font-family)',
  fontSize: 'var(--font-size-1)',
  background: 'var(--gray-a3)',
  borderRadius: 'var(--radius-2)',
};

/**
 * A titled, scrollable, pretty-printed JSON value; the title names its region. The block takes the
 * keyboard focus, so that a keyboard alone can scroll a long value.
 */
export function JsonBlock({ title, value }: { title: string; value: unknown }) {
  return (
    <Box asChild>
      <section aria-label={title}>
        <Heading as="h2" size="3" mb="2">
          {title}
        </Heading>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <pre style={PRE_STYLE} tabIndex={0}>
          {JSON.stringify(value, null, 2)}
        </pre>
      </section>
    </Box>
  );
}
