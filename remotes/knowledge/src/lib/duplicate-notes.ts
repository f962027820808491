import type { Note } from '@annie/contracts/knowledge';

const fingerprint = (note: Note) =>
  `${note.title.trim().toLowerCase()}\n${note.body.trim().replace(/\s+/g, ' ').toLowerCase()}`;

/**
 * Each note that repeats an older one (same title and body, ignoring case and spacing), mapped to that
 * oldest copy. Flagged rather than merged: the copies may differ in tags or sharing, and deleting is the
 * user's call (with Undo).
 */
export function duplicateNotes(notes: readonly Note[]): Map<string, Note> {
  const oldest = new Map<string, Note>();
  for (const note of notes) {
    const key = fingerprint(note);
    const seen = oldest.get(key);
    if (!seen || note.createdAt < seen.createdAt) oldest.set(key, note);
  }
  const duplicates = new Map<string, Note>();
  for (const note of notes) {
    const first = oldest.get(fingerprint(note));
    if (first && first.id !== note.id) duplicates.set(note.id, first);
  }
  return duplicates;
}
