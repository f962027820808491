import { Flex } from '@radix-ui/themes';
import { Fragment } from 'react';
import type { ToolChip as ToolChipState, TranscriptEntry } from '../../lib/browser-call/state.ts';
import { ToolChip } from './tool-chip.tsx';
import { ActivityDots, Balloon, TranscriptBubble } from './transcript-bubble.tsx';

type Props = {
  entries: readonly TranscriptEntry[];
  /** The tools the assistant ran, each shown after the lines said before it started. */
  tools?: readonly ToolChipState[];
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
export function BrowserCallTranscript({ entries, tools = [], typing, thinking }: Props) {
  const toolsAfter = (count: number) => tools.filter((tool) => tool.after === count);
  return (
    <Flex
      direction="column-reverse"
      role="log"
      aria-label="Transcript"
      style={{ flex: 1, overflowY: 'auto', minHeight: 0, contain: 'strict' }}
    >
      <Flex direction="column" gap="3" py="3">
        {toolsAfter(0).map((tool) => (
          <ToolChip key={tool.id} tool={tool} />
        ))}
        {entries.map((entry, index) => (
          <Fragment key={entry.id}>
            <TranscriptBubble entry={entry} />
            {toolsAfter(index + 1).map((tool) => (
              <ToolChip key={tool.id} tool={tool} />
            ))}
          </Fragment>
        ))}
        {tools
          .filter((tool) => tool.after > entries.length)
          .map((tool) => (
            <ToolChip key={tool.id} tool={tool} />
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
