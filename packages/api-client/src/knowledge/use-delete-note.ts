import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../call-route.ts';
import { deleteNote as deleteNoteRoute } from '../contracts/knowledge-routes.ts';
import { notesQueryKey } from './use-notes.ts';

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
