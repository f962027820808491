import { FormField } from '@annie/ui/form-field/form-field';
import { TextArea, TextField } from '@radix-ui/themes';
import type { NoteFormValues } from '../lib/note-form.ts';

/** The note text box has 8 rows. */
const CONTENT_ROWS = 8;

type Props = { values: NoteFormValues; onChange: (changes: Partial<NoteFormValues>) => void };

/** Title, Content and Tags (comma-separated), shared by the add and edit note dialogs. */
export function NoteFields({ values, onChange }: Props) {
  return (
    <>
      <FormField label="Title">
        {(control) => (
          <TextField.Root
            {...control}
            required
            placeholder="Note title"
            value={values.title}
            onChange={(event) => onChange({ title: event.target.value })}
          />
        )}
      </FormField>
      <FormField label="Content">
        {(control) => (
          <TextArea
            {...control}
            required
            rows={CONTENT_ROWS}
            placeholder="Write your note..."
            value={values.body}
            onChange={(event) => onChange({ body: event.target.value })}
          />
        )}
      </FormField>
      <FormField label="Tags (comma-separated)">
        {(control) => (
          <TextField.Root
            {...control}
            placeholder="e.g., meeting, finance, follow-up"
            value={values.tags}
            onChange={(event) => onChange({ tags: event.target.value })}
          />
        )}
      </FormField>
    </>
  );
}
