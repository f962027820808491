import type { CreateNoteRequest } from '@annie/api-client/contracts/knowledge';
import { Button, Dialog, Flex } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { type NoteFormValues, toNoteRequest } from '../lib/note-form.ts';
import { NoteFields } from './note-fields.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (request: CreateNoteRequest) => void;
  pending: boolean;
};

/** Add New Note: Title, Content, Tags (comma-separated); Cancel / Create Note. */
export function AddNoteDialog({ open, onOpenChange, onSubmit, pending }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
        <Dialog.Title>Add New Note</Dialog.Title>
        <AddNoteForm onSubmit={onSubmit} pending={pending} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function AddNoteForm({ onSubmit, pending }: Pick<Props, 'onSubmit' | 'pending'>) {
  const [values, setValues] = useState<NoteFormValues>({
    title: '',
    body: '',
    tags: '',
    shareable: false,
  });
  const change = (changes: Partial<NoteFormValues>) => setValues((current) => ({ ...current, ...changes }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(toNoteRequest(values));
  }

  return (
    <form onSubmit={submit}>
      <Flex direction="column" gap="3">
        <NoteFields values={values} onChange={change} />
        <Flex gap="3" justify="end" mt="2">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
          <Button type="submit" disabled={pending}>
            {pending ? 'Creating...' : 'Create Note'}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
