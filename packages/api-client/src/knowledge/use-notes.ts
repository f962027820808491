import { listNotes } from '@annie/contracts/knowledge-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from './fetch-all-pages.ts';

/** Query key of the note list; every note mutation invalidates it. */
export const notesQueryKey = [listNotes.path] as const;

/** Every note, newest first (read in pages, returned whole). */
export function getNotes(signal?: AbortSignal) {
  return fetchAllPages(listNotes, signal);
}

/** Query options for the note list. */
export function notesQueryOptions() {
  return queryOptions({ queryKey: notesQueryKey, queryFn: ({ signal }) => getNotes(signal) });
}

/** The tenant's knowledge notes. */
export function useNotes() {
  return useQuery(notesQueryOptions());
}
