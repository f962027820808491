import { ASSIST_MESSAGE_MAX } from '@annie/contracts/calls';
import { PaperPlaneIcon } from '@radix-ui/react-icons';
import { Button, Flex, TextArea } from '@radix-ui/themes';
import type { FormEvent, KeyboardEvent } from 'react';

type Props = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** Typing is possible only during a call. */
  enabled: boolean;
  sending: boolean;
  canSend: boolean;
};

/** The message box with Send: disabled when blank or sending; Enter without Shift sends. */
export function MessageComposer({ value, onChange, onSend, enabled, sending, canSend }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSend) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };
  return (
    <Flex asChild gap="2" align="end" mt="3">
      <form onSubmit={submit}>
        <TextArea
          aria-label="Message"
          placeholder="Type your message..."
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={!enabled}
          maxLength={ASSIST_MESSAGE_MAX}
          rows={2}
          style={{ flex: 1 }}
        />
        <Button type="submit" disabled={!canSend} loading={sending}>
          <PaperPlaneIcon />
          Send
        </Button>
      </form>
    </Flex>
  );
}
