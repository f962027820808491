import type { PendingAction } from '@annie/api-client/contracts/trust';
import { formatDateTime } from '@annie/ui/format';
import { Badge, Box, Button, Callout, Flex, Text, TextArea } from '@radix-ui/themes';
import { useState } from 'react';

type Props = {
  action: PendingAction;
  onSend: (text: string) => void;
  onReject: () => void;
  pending: boolean;
};

const DECIDED: Record<
  Exclude<PendingAction['status'], 'pending'>,
  { label: string; color: 'green' | 'gray' }
> = {
  sending: { label: 'Sending', color: 'gray' },
  sent: { label: 'Sent', color: 'green' },
  rejected: { label: 'Rejected', color: 'gray' },
};

/**
 * A caller's request waiting for the executive: what they asked to be sent, to which number, by whom
 * and when. The text can be edited; nothing is sent until Send. A decided request shows its outcome.
 */
export function PendingActionBanner({ action, onSend, onReject, pending }: Props) {
  const [text, setText] = useState(action.body);
  const who = `${action.requestedBy} (${action.requestedByE164})`;
  if (action.status !== 'pending') {
    const decided = DECIDED[action.status];
    return (
      <Flex gap="2" align="center" wrap="wrap">
        <Text size="2">
          Text requested by {who}: {action.body}
        </Text>
        <Badge color={decided.color}>{decided.label}</Badge>
      </Flex>
    );
  }
  return (
    <Callout.Root
      color="yellow"
      role="region"
      aria-label={`Request from ${action.requestedBy}`}
      style={{ display: 'block' }}
    >
      <Box width="100%">
        <Callout.Text weight="bold">
          {who} asked for a text to {action.toE164}
        </Callout.Text>
        <Text as="div" size="1" color="gray">
          {formatDateTime(action.createdAt)} · nothing is sent until you approve
        </Text>
        <TextArea
          mt="2"
          aria-label="Requested text"
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
