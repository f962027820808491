import type { Note, UpdateNoteRequest } from '@annie/api-client/contracts/knowledge';
import { ConfirmDialog } from '@annie/ui/confirm-dialog/confirm-dialog';
import { Button, Dialog, Flex, Text } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { type NoteFormValues, noteFormValues, toNoteRequest } from '../lib/note-form.ts';
import { NoteFields } from './note-fields.tsx';

type Props = {
  /** The note being edited; the dialog is open while it is set. */
  note: Note | null;
  onClose: () => void;
  onSave: (note: Note, changes: UpdateNoteRequest) => void;
  onDelete: (note: Note) => void;
  saving: boolean;
  deleting: boolean;
};

/** Edit Note: change title, content or tags, or delete the note after confirming. */
export function EditNoteDialog({ note, onClose, onSave, onDelete, saving, deleting }: Props) {
  return (
    <Dialog.Root open={note !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
        <Dialog.Title>Edit Note</Dialog.Title>
        {note && (
          <EditNoteForm
            key={note.id}
            note={note}
            onSave={onSave}
            onDelete={onDelete}
            saving={saving}
            deleting={deleting}
          />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function EditNoteForm({
  note,
  onSave,
  onDelete,
  saving,
  deleting,
}: Omit<Props, 'note' | 'onClose'> & { note: Note }) {
  const [values, setValues] = useState<NoteFormValues>(() => noteFormValues(note));
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const change = (changes: Partial<NoteFormValues>) => setValues((current) => ({ ...current, ...changes }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onSave(note, toNoteRequest(values));
  }

  return (
    <>
      <form onSubmit={submit}>
        <Flex direction="column" gap="3">
          <NoteFields values={values} onChange={change} />
          <Flex gap="3" justify="between" mt="2" wrap="wrap">
            <Button type="button" variant="soft" color="red" onClick={() => setConfirmingDelete(true)}>
              Delete Note
            </Button>
            <Flex gap="3">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </Flex>
          </Flex>
        </Flex>
      </form>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete note?"
        description={
          <>
            <Text weight="medium">{note.title}</Text> will be permanently deleted.
          </>
        }
        onConfirm={() => onDelete(note)}
        pending={deleting}
      />
    </>
  );
}
