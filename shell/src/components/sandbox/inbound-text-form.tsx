import { FormField } from '@annie/ui/form-field/form-field';
import { formatPhone } from '@annie/ui/format';
import { Button, Flex, Select, TextArea, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';

/** Someone the simulated text can come from. */
export type TextSender = { name: string; phone: string };

const OTHER = 'other';

/** From whom (a contact, or any number) and what they text; Send is off until both are given. */
export function InboundTextForm({
  senders,
  sending,
  onSubmit,
  onCancel,
}: {
  senders: TextSender[];
  sending: boolean;
  onSubmit: (from: string, body: string) => void;
  onCancel: () => void;
}) {
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const [otherNumber, setOtherNumber] = useState('');
  const [body, setBody] = useState('');
  const selected = choice ?? senders[0]?.phone ?? OTHER;
  const from = selected === OTHER ? otherNumber.trim() : selected;
  const ready = from !== '' && body.trim() !== '' && !sending;

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
        <Flex gap="3" justify="end" mt="2">
          <Button type="button" variant="soft" color="gray" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready}>
            {sending ? 'Sending...' : 'Send text'}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
