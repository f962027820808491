import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Note, noteSchema, type UpdateNoteRequest } from '../contracts/knowledge.ts';
import { apiJson } from '../http.ts';
import { notesQueryKey } from './use-notes.ts';

export type UpdateNoteVariables = { id: string; changes: UpdateNoteRequest };

/** PATCH /api/knowledge/notes/:id: changes the given fields. */
export async function updateNote({ id, changes }: UpdateNoteVariables): Promise<Note> {
  return noteSchema.parse(await apiJson<unknown>('PATCH', `/api/knowledge/notes/${id}`, changes));
}

/** Edits a note and refreshes the note list. */
export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey }),
  });
}
