import { PaperPlaneIcon } from '@radix-ui/react-icons';
import { Flex, IconButton, Text, TextArea } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';

type Props = {
  /** Why the box is off (opted out, sending not configured); undefined when it is on. */
  disabledReason?: string;
  /** Called with the text; call `onSent` once it went, to clear the box. */
  onSend: (body: string, onSent: () => void) => void;
  pending: boolean;
};

/** The message box; blank text is ignored, Enter sends and Shift+Enter starts a new line. */
export function MessageComposer({ disabledReason, onSend, pending }: Props) {
  const [body, setBody] = useState('');
  const disabled = disabledReason !== undefined;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (disabled || pending || body.trim() === '') return;
    onSend(body.trim(), () => setBody(''));
  }

  return (
    <form onSubmit={submit} aria-label="Send a message">
      {disabledReason && (
        <Text as="p" size="2" color="gray" mb="2">
          {disabledReason}
        </Text>
      )}
      <Flex gap="2" align="end">
        <TextArea
          aria-label="Message"
          placeholder="Type a message..."
          value={body}
          disabled={disabled}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) submit(event);
          }}
          style={{ flexGrow: 1 }}
        />
        <IconButton type="submit" size="3" aria-label="Send message" disabled={disabled} loading={pending}>
          <PaperPlaneIcon />
        </IconButton>
      </Flex>
    </form>
  );
}
