import type { PendingDraft } from '@annie/api-client/contracts/sms';
import { Box, Button, Callout, Flex, TextArea } from '@radix-ui/themes';
import { useState } from 'react';

type Props = {
  draft: PendingDraft;
  onSend: (text: string) => void;
  onReject: () => void;
  pending: boolean;
};

/** The yellow "Annie drafted a response" banner; the draft can be edited before it is sent. */
export function DraftBanner({ draft, onSend, onReject, pending }: Props) {
  const [text, setText] = useState(draft.draft);
  return (
    // A block, not the callout's grid: its text column is sized to the title and would squeeze the draft.
    <Callout.Root
      color="yellow"
      role="region"
      aria-label="Annie drafted a response"
      style={{ display: 'block' }}
    >
      <Box width="100%">
        <Callout.Text weight="bold">Annie drafted a response</Callout.Text>
        <TextArea
          mt="2"
          aria-label="Draft reply"
          rows={3}
          resize="vertical"
          value={text}
          onChange={(event) => setText(event.target.value)}
          style={{ background: 'var(--color-panel-solid)' }}
        />
        <Flex gap="2" mt="2" justify="end">
          <Button variant="soft" color="gray" onClick={onReject} disabled={pending}>
            Reject
          </Button>
          <Button onClick={() => onSend(text)} disabled={pending || text.trim() === ''}>
            Send
          </Button>
        </Flex>
      </Box>
    </Callout.Root>
  );
}
