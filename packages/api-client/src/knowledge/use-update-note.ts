import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../call-route.ts';
import type { UpdateNoteRequest } from '../contracts/knowledge.ts';
import { updateNote as updateNoteRoute } from '../contracts/knowledge-routes.ts';
import { notesQueryKey } from './use-notes.ts';

export type UpdateNoteVariables = { id: string; changes: UpdateNoteRequest };

/** Edits a note: changes the given fields. */
export function updateNote({ id, changes }: UpdateNoteVariables) {
  return callRoute(updateNoteRoute, { params: { id }, body: changes });
}

/** Edits a note and refreshes the note list. */
export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey }),
  });
}
