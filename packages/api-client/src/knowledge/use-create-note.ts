import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateNoteRequest, type Note, noteSchema } from '../contracts/knowledge.ts';
import { apiJson } from '../http.ts';
import { notesQueryKey } from './use-notes.ts';

/** POST /api/knowledge/notes: {title, body, tags[]}. */
export async function createNote(request: CreateNoteRequest): Promise<Note> {
  return noteSchema.parse(await apiJson<unknown>('POST', '/api/knowledge/notes', request));
}

/** Creates a note and refreshes the note list. */
export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey }),
  });
}
