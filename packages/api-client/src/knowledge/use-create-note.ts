import type { CreateNoteRequest } from '@annie/contracts/knowledge';
import { createNote as createNoteRoute } from '@annie/contracts/knowledge-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../call-route.ts';
import { notesQueryKey } from './use-notes.ts';

/** Adds a note {title, body, tags[]}. */
export function createNote(request: CreateNoteRequest) {
  return callRoute(createNoteRoute, { body: request });
}

/** Creates a note and refreshes the note list. */
export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey }),
  });
}
