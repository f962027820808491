import { TextArea, TextField } from '@radix-ui/themes';
import type { NoteFormValues } from '../lib/note-form.ts';
import { FormField } from './form-field.tsx';

/** Spec part 1 §9: the note text box has 8 rows. */
const CONTENT_ROWS = 8;

type Props = { values: NoteFormValues; onChange: (changes: Partial<NoteFormValues>) => void };

/** Title, Content and Tags (comma-separated), shared by the add and edit note dialogs. */
export function NoteFields({ values, onChange }: Props) {
  return (
    <>
      <FormField label="Title">
        {(id) => (
          <TextField.Root
            id={id}
            required
            placeholder="Note title"
            value={values.title}
            onChange={(event) => onChange({ title: event.target.value })}
          />
        )}
      </FormField>
      <FormField label="Content">
        {(id) => (
          <TextArea
            id={id}
            required
            rows={CONTENT_ROWS}
            placeholder="Write your note..."
            value={values.body}
            onChange={(event) => onChange({ body: event.target.value })}
          />
        )}
      </FormField>
      <FormField label="Tags (comma-separated)">
        {(id) => (
          <TextField.Root
            id={id}
            placeholder="e.g., meeting, finance, follow-up"
            value={values.tags}
            onChange={(event) => onChange({ tags: event.target.value })}
          />
        )}
      </FormField>
    </>
  );
}
