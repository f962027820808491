import { useAssistantName } from '@annie/api-client/settings/use-app-settings';
import { PaperPlaneIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, IconButton, Text, TextArea } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';

/** The assistant's pending reply, held in the message box until it is sent (as edited) or rejected. */
export type ComposerDraft = {
  id: string;
  text: string;
  onSend: (text: string) => void;
  onReject: () => void;
  pending: boolean;
};

type Props = {
  /** Why the box is off (opted out, sending not configured); undefined when it is on. */
  disabledReason?: string;
  /** Called with the text; call `onSent` once it went, to clear the box. */
  onSend: (body: string, onSent: () => void) => void;
  pending: boolean;
  draft?: ComposerDraft;
};

/**
 * The thread's one message box; blank text is ignored, Enter sends and Shift+Enter starts a new line.
 * With a draft from the assistant, the box holds it (editable) under "<name> drafted a reply", and
 * offers Reject beside Send: there is never a second box.
 */
export function MessageComposer(props: Props) {
  // A new draft starts a new box with its text.
  return <ComposerForm key={props.draft?.id ?? 'new'} {...props} />;
}

function ComposerForm({ disabledReason, onSend, pending, draft }: Props) {
  const assistantName = useAssistantName();
  const [body, setBody] = useState(draft?.text ?? '');
  const disabled = disabledReason !== undefined;
  const busy = pending || draft?.pending === true;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (disabled || busy || body.trim() === '') return;
    if (draft) draft.onSend(body.trim());
    else onSend(body.trim(), () => setBody(''));
  }

  const title = `${assistantName} drafted a reply`;
  const form = (
    <form onSubmit={submit} aria-label={draft ? title : 'Send a message'}>
      {disabledReason && (
        <Text as="p" size="2" color="gray" mb="2">
          {disabledReason}
        </Text>
      )}
      {draft && (
        <Text as="p" size="2" weight="bold" mb="2">
          {title} · nothing is sent until you press Send
        </Text>
      )}
      <Flex gap="2" align="end">
        <TextArea
          aria-label={draft ? 'Draft reply' : 'Message'}
          placeholder="Type a message..."
          value={body}
          disabled={disabled}
          rows={draft ? 3 : undefined}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) submit(event);
          }}
          style={{ flexGrow: 1, background: draft ? 'var(--color-panel-solid)' : undefined }}
        />
        {draft && (
          <Button type="button" size="3" variant="soft" color="gray" disabled={busy} onClick={draft.onReject}>
            Reject
          </Button>
        )}
        <IconButton
          type="submit"
          size="3"
          aria-label={draft ? 'Send draft' : 'Send message'}
          disabled={disabled}
          loading={busy}
        >
          <PaperPlaneIcon />
        </IconButton>
      </Flex>
    </form>
  );
  if (!draft) return form;
  // High contrast: the yellow scale's ordinary text colour fails WCAG AA on the yellow background.
  return (
    <Callout.Root color="yellow" highContrast style={{ display: 'block' }}>
      {form}
    </Callout.Root>
  );
}
