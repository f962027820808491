import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Note, noteSchema } from '../contracts/knowledge.ts';
import { fetchAllPages } from './fetch-all-pages.ts';

/** Query key of the note list; every note mutation invalidates it. */
export const notesQueryKey = ['/api/knowledge/notes'] as const;

/** GET /api/knowledge/notes: every note, newest first (read in pages, returned whole). */
export function getNotes(signal?: AbortSignal): Promise<Note[]> {
  return fetchAllPages('/api/knowledge/notes', noteSchema, signal);
}

/** Query options for the note list. */
export function notesQueryOptions() {
  return queryOptions({ queryKey: notesQueryKey, queryFn: ({ signal }) => getNotes(signal) });
}

/** The tenant's knowledge notes. */
export function useNotes() {
  return useQuery(notesQueryOptions());
}
