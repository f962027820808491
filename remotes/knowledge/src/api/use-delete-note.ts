import { callRoute } from '@annie/api-client/call-route';
import { notesQueryKey } from '@annie/api-client/knowledge/use-notes';
import { deleteNote as deleteNoteRoute } from '@annie/contracts/knowledge-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Deletes the note. */
export function deleteNote(id: string): Promise<undefined> {
  return callRoute(deleteNoteRoute, { params: { id } });
}

/** Deletes a note and refreshes the note list. */
export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey }),
  });
}
