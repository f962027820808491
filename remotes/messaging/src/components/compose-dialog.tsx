import { useContacts } from '@annie/api-client/contacts/use-contacts';
import { formatPhone } from '@annie/ui/format';
import { useDebouncedValue } from '@annie/ui/search-field/use-debounced-value';
import { Cross2Icon } from '@radix-ui/react-icons';
import {
  Badge,
  Button,
  Callout,
  Dialog,
  Flex,
  IconButton,
  Text,
  TextArea,
  TextField,
} from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { useCompose } from '../hooks/use-compose.ts';

type Recipient = { phone: string; name: string };

// A typed number: digits with the usual punctuation, at least seven digits.
const looksLikeNumber = (text: string) => /^[+\d\s().-]+$/.test(text) && text.replace(/\D/g, '').length >= 7;

/**
 * New message: the recipient is picked from the contacts (by name, nickname or number) or typed as a
 * number; then the text. Sending opens the thread it went to.
 */
export function ComposeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
        <Dialog.Title>New message</Dialog.Title>
        {/* Mounted only while open, so each opening starts empty. */}
        {open && <ComposeForm onSent={() => onOpenChange(false)} />}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ComposeForm({ onSent }: { onSent: () => void }) {
  const [recipient, setRecipient] = useState<Recipient>();
  const [typed, setTyped] = useState('');
  const [body, setBody] = useState('');
  const [missing, setMissing] = useState<string>();
  const search = useDebouncedValue(typed.trim());
  const { contacts } = useContacts(search);
  const { send, sending, error } = useCompose(onSent);
  const matches = search ? (contacts ?? []).filter((entry) => entry.contact.phonePrimary).slice(0, 5) : [];
  const number = looksLikeNumber(typed.trim()) ? typed.trim() : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const to = recipient?.phone ?? number;
    if (!to) return setMissing('Pick a contact or type a phone number');
    if (!body.trim()) return setMissing('Type the message');
    setMissing(undefined);
    send(to, body.trim());
  }

  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="3">
        {recipient ? (
          <Flex align="center" gap="2">
            <Text size="2" color="gray">
              To
            </Text>
            <Badge size="2" color="gray">
              {recipient.name}
              <IconButton
                type="button"
                size="1"
                variant="ghost"
                color="gray"
                aria-label="Change recipient"
                onClick={() => setRecipient(undefined)}
              >
                <Cross2Icon />
              </IconButton>
            </Badge>
          </Flex>
        ) : (
          <>
            <TextField.Root
              aria-label="To"
              placeholder="Name or phone number"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoFocus
            />
            {(matches.length > 0 || number) && (
              <Flex asChild direction="column" gap="1" p="0" m="0">
                <ul aria-label="Recipients">
                  {matches.map(({ contact }) => (
                    <li key={contact.id} style={{ listStyle: 'none' }}>
                      <Button
                        type="button"
                        variant="ghost"
                        onClick={() =>
                          setRecipient({ phone: contact.phonePrimary ?? '', name: contact.name })
                        }
                      >
                        {contact.name} · {formatPhone(contact.phonePrimary ?? '')}
                      </Button>
                    </li>
                  ))}
                  {number && (
                    <li style={{ listStyle: 'none' }}>
                      <Button
                        type="button"
                        variant="ghost"
                        onClick={() => setRecipient({ phone: number, name: formatPhone(number) })}
                      >
                        Text {formatPhone(number)}
                      </Button>
                    </li>
                  )}
                </ul>
              </Flex>
            )}
          </>
        )}
        <TextArea
          aria-label="Message"
          placeholder="Type a message..."
          rows={4}
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
        {(missing ?? error) && (
          <Callout.Root color="red" size="1" role="alert">
            <Callout.Text>{missing ?? error}</Callout.Text>
          </Callout.Root>
        )}
        <Flex gap="3" justify="end">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
          <Button type="submit" loading={sending}>
            Send
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
