import type { CreateFactRequest } from '@annie/api-client/contracts/knowledge';
import { FormField } from '@annie/ui/form-field/form-field';
import { Button, Dialog, Flex, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { type FactFormValues, toCreateFactRequest } from '../lib/fact-form.ts';
import { FactFields } from './fact-fields.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (request: CreateFactRequest) => void;
  pending: boolean;
};

/** Add New Fact: Key, Value (JSON format), Unit (optional); Cancel / Create Fact. */
export function AddFactDialog({ open, onOpenChange, onSubmit, pending }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
        <Dialog.Title>Add New Fact</Dialog.Title>
        {/* Mounted only while open, so every opening starts with an empty form. */}
        <AddFactForm onSubmit={onSubmit} pending={pending} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function AddFactForm({ onSubmit, pending }: Pick<Props, 'onSubmit' | 'pending'>) {
  const [values, setValues] = useState<FactFormValues>({
    key: '',
    value: '',
    unit: '',
    shareable: false,
  });
  const change = (changes: Partial<FactFormValues>) => setValues((current) => ({ ...current, ...changes }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(toCreateFactRequest(values));
  }

  return (
    <form onSubmit={submit}>
      <Flex direction="column" gap="3">
        <FormField label="Key">
          {(control) => (
            <TextField.Root
              {...control}
              required
              placeholder="e.g., company_revenue"
              value={values.key}
              onChange={(event) => change({ key: event.target.value })}
            />
          )}
        </FormField>
        <FactFields values={values} onChange={change} />
        <Flex gap="3" justify="end" mt="2">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
          <Button type="submit" disabled={pending}>
            {pending ? 'Creating...' : 'Create Fact'}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
