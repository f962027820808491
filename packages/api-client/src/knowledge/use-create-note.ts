import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../call-route.ts';
import type { CreateNoteRequest } from '../contracts/knowledge.ts';
import { createNote as createNoteRoute } from '../contracts/knowledge-routes.ts';
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
