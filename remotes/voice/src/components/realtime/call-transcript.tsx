import { Flex } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';
import type { TranscriptEntry } from '../../lib/call-state.ts';
import { ActivityDots, Balloon, TranscriptBubble } from './transcript-bubble.tsx';

type Props = {
  entries: readonly TranscriptEntry[];
  /** The caller is talking and no words have been transcribed yet. */
  typing: boolean;
  /** The assistant is working on a reply that has not started yet. */
  thinking: boolean;
};

/** The call's transcript as a log region, kept scrolled to the newest line. */
export function CallTranscript({ entries, typing, thinking }: Props) {
  const end = useRef<HTMLDivElement>(null);
  const last = entries.at(-1);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [entries.length, last?.content, typing, thinking]);
  return (
    <Flex
      direction="column"
      gap="3"
      py="3"
      role="log"
      aria-label="Transcript"
      style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}
    >
      {entries.map((entry) => (
        <TranscriptBubble key={entry.id} entry={entry} />
      ))}
      {typing && (
        <Balloon speaker="user">
          <ActivityDots label="You are speaking" />
        </Balloon>
      )}
      {thinking && (
        <Balloon speaker="assistant">
          <ActivityDots label="Thinking" />
        </Balloon>
      )}
      <div ref={end} />
    </Flex>
  );
}
