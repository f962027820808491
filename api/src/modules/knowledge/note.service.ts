import type { createNoteRequestSchema, updateNoteRequestSchema } from '@annie/contracts/knowledge';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { notFound } from '../../lib/http-errors.ts';
import { KnowledgeNote } from './note.entity.ts';

/** A parsed POST body (tags defaulted); a field the contract adds is stored without a change here. */
type NewNote = z.output<typeof createNoteRequestSchema>;
/** A parsed PATCH body: only the fields to change. */
type NoteChanges = z.output<typeof updateNoteRequestSchema>;

const NOTE_NOT_FOUND = 'Note not found';

/** Adds a note; what the body leaves out takes the entity's defaults (source `other`, not shareable). */
export async function createNote(
  em: EntityManager,
  tenantId: string,
  input: NewNote,
): Promise<KnowledgeNote> {
  const note = em.create(KnowledgeNote, { ...input, tenantId });
  await em.flush();
  return note;
}

/** Changes the given fields of a note. */
export async function updateNote(em: EntityManager, id: string, input: NoteChanges): Promise<KnowledgeNote> {
  const note = await em.findOne(KnowledgeNote, { id });
  if (!note) throw notFound(NOTE_NOT_FOUND);
  em.assign(note, input);
  await em.flush();
  return note;
}

/** Deletes a note. */
export async function deleteNote(em: EntityManager, id: string): Promise<void> {
  const deleted = await em.nativeDelete(KnowledgeNote, { id });
  if (deleted === 0) throw notFound(NOTE_NOT_FOUND);
}
