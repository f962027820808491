import { Box, Flex, Text } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';
import type { TypedTranscriptEntry } from '../../hooks/use-typed-call.ts';

type Props = { entries: TypedTranscriptEntry[]; assistantName: string };

/** The typed call's lines in a scrolling area 16rem high, kept scrolled to the newest. */
export function TypedCallTranscript({ entries, assistantName }: Props) {
  const end = useRef<HTMLDivElement>(null);
  const count = entries.length;
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView({ block: 'nearest' });
  }, [count]);
  return (
    <Box
      role="log"
      aria-label="Transcript"
      p="3"
      style={{
        height: '16rem',
        overflowY: 'auto',
        background: 'var(--gray-a2)',
        borderRadius: 'var(--radius-3)',
      }}
    >
      {count === 0 ? (
        <Text as="p" size="2" color="gray">
          No messages yet
        </Text>
      ) : (
        <Flex direction="column" gap="2">
          {entries.map((entry) => (
            <Box key={entry.id}>
              <Text as="div" size="1" weight="bold" color={entry.speaker === 'user' ? 'blue' : 'gray'}>
                {entry.speaker === 'user' ? 'You' : assistantName}
              </Text>
              <Text as="p" size="2" style={{ whiteSpace: 'pre-wrap' }}>
                {entry.text}
              </Text>
            </Box>
          ))}
        </Flex>
      )}
      <div ref={end} />
    </Box>
  );
}
