import { toolDoingWords, toolDoneWords } from '@annie/contracts/tool-words';
import { CheckIcon } from '@radix-ui/react-icons';
import { Badge, Flex, Spinner } from '@radix-ui/themes';
import type { ToolChip as ToolChipState } from '../../lib/browser-call/state.ts';

/** A tool at work in the transcript, in words: "Searching the knowledge base" (spinning), then done. */
export function ToolChip({ tool }: { tool: ToolChipState }) {
  return (
    <Flex justify="center">
      <Badge color="gray" variant="soft" radius="full" data-tool={tool.name}>
        {tool.done ? <CheckIcon aria-hidden /> : <Spinner size="1" />}
        {tool.done ? toolDoneWords(tool.name) : `${toolDoingWords(tool.name)}…`}
      </Badge>
    </Flex>
  );
}
