import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../http.ts';
import { notesQueryKey } from './use-notes.ts';

/** DELETE /api/knowledge/notes/:id. */
export async function deleteNote(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/knowledge/notes/${id}`);
}

/** Deletes a note and refreshes the note list. */
export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey }),
  });
}
