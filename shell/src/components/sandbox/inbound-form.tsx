import { FormField } from '@annie/ui/form-field/form-field';
import { formatPhone } from '@annie/ui/format';
import { Button, Flex, Select, TextArea, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';

/** What the panel simulates: a contact texting, or calling, the executive's number. */
export type SandboxSimulation = 'text' | 'call';

/** Someone the simulated text or call can come from. */
export type Sender = { name: string; phone: string };

const OTHER = 'other';

/**
 * From whom (a contact, or any number) and, for a text, what they write; the submit button is off until
 * everything is given.
 */
export function InboundForm({
  simulation,
  senders,
  sending,
  onSubmit,
  onCancel,
}: {
  simulation: SandboxSimulation;
  senders: Sender[];
  sending: boolean;
  onSubmit: (from: string, body: string) => void;
  onCancel: () => void;
}) {
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const [otherNumber, setOtherNumber] = useState('');
  const [body, setBody] = useState('');
  const selected = choice ?? senders[0]?.phone ?? OTHER;
  const from = selected === OTHER ? otherNumber.trim() : selected;
  const ready = from !== '' && (simulation === 'call' || body.trim() !== '') && !sending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onSubmit(from, body.trim());
  };

  return (
    <form onSubmit={submit}>
      <Flex direction="column" gap="3">
        <FormField label="From">
          {(control) => (
            <Select.Root value={selected} onValueChange={setChoice}>
              <Select.Trigger {...control} />
              <Select.Content>
                {senders.map((sender) => (
                  <Select.Item key={sender.phone} value={sender.phone}>
                    {`${sender.name} · ${formatPhone(sender.phone)}`}
                  </Select.Item>
                ))}
                <Select.Item value={OTHER}>Another number</Select.Item>
              </Select.Content>
            </Select.Root>
          )}
        </FormField>
        {selected === OTHER && (
          <FormField label="Phone number">
            {(control) => (
              <TextField.Root
                {...control}
                type="tel"
                value={otherNumber}
                onChange={(event) => setOtherNumber(event.target.value)}
                placeholder="(415) 555-0199"
              />
            )}
          </FormField>
        )}
        {simulation === 'text' && (
          <FormField label="Message">
            {(control) => (
              <TextArea
                {...control}
                rows={3}
                value={body}
                onChange={(event) => setBody(event.target.value)}
                placeholder="Are we still on for tomorrow?"
              />
            )}
          </FormField>
        )}
        <Flex gap="3" justify="end" mt="2">
          <Button type="button" variant="soft" color="gray" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready}>
            {sending ? 'Sending...' : simulation === 'text' ? 'Send text' : 'Call'}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
