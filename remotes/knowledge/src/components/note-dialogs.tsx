import type { CreateNoteRequest, Note, UpdateNoteRequest } from '@annie/contracts/knowledge';
import { Text } from '@radix-ui/themes';
import { type NoteFormValues, noteFormValues, toNoteRequest } from '../lib/note-form.ts';
import { EntryFormDialog } from './entry-form-dialog.tsx';
import { NoteFields } from './note-fields.tsx';

type AddProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (request: CreateNoteRequest) => void;
  pending: boolean;
};

/** Add New Note: Title, Content, Tags (comma-separated); Cancel / Create Note. */
export function AddNoteDialog({ open, onOpenChange, onSubmit, pending }: AddProps) {
  return (
    <EntryFormDialog<NoteFormValues>
      title="Add New Note"
      maxWidth="560px"
      open={open}
      onOpenChange={onOpenChange}
      form={{
        id: 'new',
        initialValues: { title: '', body: '', tags: '', shareable: false },
        fields: (values, change) => <NoteFields values={values} onChange={change} />,
        submitLabel: 'Create Note',
        pendingLabel: 'Creating...',
        pending,
        onSubmit: (values) => onSubmit(toNoteRequest(values)),
      }}
    />
  );
}

type EditProps = {
  /** The note being edited; the dialog is open while it is set. */
  note: Note | null;
  onClose: () => void;
  onSave: (note: Note, changes: UpdateNoteRequest) => void;
  onDelete: (note: Note) => void;
  saving: boolean;
  deleting: boolean;
};

/** Edit Note: change title, content or tags, or delete the note after confirming. */
export function EditNoteDialog({ note, onClose, onSave, onDelete, saving, deleting }: EditProps) {
  return (
    <EntryFormDialog<NoteFormValues>
      title="Edit Note"
      maxWidth="560px"
      open={note !== null}
      onOpenChange={(open) => !open && onClose()}
      form={
        note && {
          id: note.id,
          initialValues: noteFormValues(note),
          fields: (values, change) => <NoteFields values={values} onChange={change} />,
          submitLabel: 'Save Changes',
          pendingLabel: 'Saving...',
          pending: saving,
          onSubmit: (values) => onSave(note, toNoteRequest(values)),
          deletion: {
            label: 'Delete Note',
            confirmTitle: 'Delete note?',
            confirmDescription: (
              <>
                <Text weight="medium">{note.title}</Text> will be permanently deleted.
              </>
            ),
            onConfirm: () => onDelete(note),
            pending: deleting,
          },
        }
      }
    />
  );
}
