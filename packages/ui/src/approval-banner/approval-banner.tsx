import { Box, Button, Callout, Flex, TextArea } from '@radix-ui/themes';
import { type ReactNode, useState } from 'react';

type Props = {
  /** The region's accessible name. */
  label: string;
  title: ReactNode;
  /** A line under the title: who asked, when, what approving means. */
  detail?: ReactNode;
  /** The text that will be sent, editable until Send. */
  initialText: string;
  textLabel: string;
  onSend: (text: string) => void;
  onReject: () => void;
  pending: boolean;
};

/**
 * The yellow banner of a text the assistant sends only once the executive approves it (an SMS draft, a
 * caller's request): the text can be edited, then Send or Reject.
 */
export function ApprovalBanner({
  label,
  title,
  detail,
  initialText,
  textLabel,
  onSend,
  onReject,
  pending,
}: Props) {
  const [text, setText] = useState(initialText);
  return (
    // A block, not the callout's grid: its text column is sized to the title and would squeeze the text.
    // High contrast: the yellow scale's ordinary text colour fails WCAG AA on the yellow background.
    <Callout.Root color="yellow" highContrast role="region" aria-label={label} style={{ display: 'block' }}>
      <Box width="100%">
        <Callout.Text weight="bold">{title}</Callout.Text>
        {detail}
        <TextArea
          mt="2"
          aria-label={textLabel}
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
