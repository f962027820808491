import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Note, noteSchema } from '../contracts/knowledge.ts';
import { apiJson } from '../http.ts';

/** Query key of the note list; every note mutation invalidates it. */
export const notesQueryKey = ['/api/knowledge/notes'] as const;

const noteListSchema = noteSchema.array();

/** GET /api/knowledge/notes: every note, newest first. */
export async function getNotes(signal?: AbortSignal): Promise<Note[]> {
  return noteListSchema.parse(await apiJson<unknown>('GET', '/api/knowledge/notes', undefined, { signal }));
}

/** Query options for the note list. */
export function notesQueryOptions() {
  return queryOptions({ queryKey: notesQueryKey, queryFn: ({ signal }) => getNotes(signal) });
}

/** The tenant's knowledge notes. */
export function useNotes() {
  return useQuery(notesQueryOptions());
}
