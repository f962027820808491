import { Flex } from '@radix-ui/themes';
import type { TranscriptEntry } from '../../lib/browser-call/state.ts';
import { ActivityDots, Balloon, TranscriptBubble } from './transcript-bubble.tsx';

type Props = {
  entries: readonly TranscriptEntry[];
  /** The caller is talking and no words have been transcribed yet. */
  typing: boolean;
  /** The assistant is working on a reply that has not started yet. */
  thinking: boolean;
};

/**
 * The call's transcript as a log region that scrolls by itself and stays at the newest line. The
 * scroller runs bottom-up (`column-reverse` around one block in reading order), so the browser keeps
 * it at the end as lines grow, with no script reading the layout on every word; its layout is
 * contained, so a growing line relays out this box only.
 */
export function BrowserCallTranscript({ entries, typing, thinking }: Props) {
  return (
    <Flex
      direction="column-reverse"
      role="log"
      aria-label="Transcript"
      style={{ flex: 1, overflowY: 'auto', minHeight: 0, contain: 'strict' }}
    >
      <Flex direction="column" gap="3" py="3">
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
      </Flex>
    </Flex>
  );
}
