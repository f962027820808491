import { type CreateNoteRequest, createNoteRequestSchema, type Note } from '@annie/contracts/knowledge';

/** What the note dialogs hold: the raw text of each field. */
export type NoteFormValues = { title: string; body: string; tags: string; shareable: boolean };

/** The Tags field's rule: split on commas, trimmed, empties dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

/** Body of the Create Note and edit requests. */
export function toNoteRequest(form: NoteFormValues): CreateNoteRequest & { tags: string[] } {
  return {
    title: form.title.trim(),
    body: form.body,
    tags: parseTags(form.tags),
    shareable: form.shareable,
  };
}

/** The edit form's starting values for a note. */
export function noteFormValues(note: Note): NoteFormValues {
  return { title: note.title, body: note.body, tags: note.tags.join(', '), shareable: note.shareable };
}

/**
 * A stored note as the request that writes it again (Undo after a delete): every field the create
 * request takes, read off the note, so a field added to notes is restored without a change here.
 */
export function noteAsCreateRequest(note: Note): CreateNoteRequest {
  const fields = Object.keys(createNoteRequestSchema.shape) as (keyof CreateNoteRequest & keyof Note)[];
  return Object.fromEntries(fields.map((field) => [field, note[field]])) as CreateNoteRequest;
}
