import { callRoute } from '@annie/api-client/call-route';
import { listContacts } from '@annie/contracts/contacts-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** How many contacts the palette lists for what was typed. */
export const PALETTE_CONTACTS = 8;

/** The contacts whose name, nickname, email or number holds `q` (the contacts API's own search). */
export function paletteContactsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['command-palette', 'contacts', q] as const,
    queryFn: ({ signal }) =>
      callRoute(listContacts, { query: { q: q || undefined, limit: PALETTE_CONTACTS } }, { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** The palette's contacts for `q`, fetched only while the palette is open. */
export function usePaletteContacts(q: string) {
  return useQuery(paletteContactsQueryOptions(q.trim()));
}
