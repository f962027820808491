import type { CreateNoteRequest, UpdateNoteRequest } from '@annie/contracts/knowledge';
import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../lib/http-errors.ts';
import { KnowledgeNote } from './note.entity.ts';

type NewNote = Omit<CreateNoteRequest, 'tags'> & { tags: string[] };

const NOTE_NOT_FOUND = 'Note not found';

/** Adds a note. */
export async function createNote(
  em: EntityManager,
  tenantId: string,
  input: NewNote,
): Promise<KnowledgeNote> {
  const note = em.create(KnowledgeNote, {
    tenantId,
    title: input.title,
    body: input.body,
    tags: input.tags,
    source: input.source ?? 'other',
    shareable: input.shareable ?? false,
  });
  await em.flush();
  return note;
}

/** Changes the given fields of a note. */
export async function updateNote(
  em: EntityManager,
  id: string,
  input: UpdateNoteRequest,
): Promise<KnowledgeNote> {
  const note = await em.findOne(KnowledgeNote, { id });
  if (!note) throw notFound(NOTE_NOT_FOUND);
  if (input.title !== undefined) note.title = input.title;
  if (input.body !== undefined) note.body = input.body;
  if (input.tags !== undefined) note.tags = input.tags;
  if (input.source !== undefined) note.source = input.source;
  if (input.shareable !== undefined) note.shareable = input.shareable;
  await em.flush();
  return note;
}

/** Deletes a note. */
export async function deleteNote(em: EntityManager, id: string): Promise<void> {
  const deleted = await em.nativeDelete(KnowledgeNote, { id });
  if (deleted === 0) throw notFound(NOTE_NOT_FOUND);
}
