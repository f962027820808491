import { callRoute } from '@annie/api-client/call-route';
import { notesQueryKey } from '@annie/api-client/knowledge/use-notes';
import type { UpdateNoteRequest } from '@annie/contracts/knowledge';
import { updateNote as updateNoteRoute } from '@annie/contracts/knowledge-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

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
