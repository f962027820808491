import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ContactListEntry, contactListSchema } from '../contracts/contacts.ts';
import { apiJson } from '../http.ts';

/** Query key of the contact list; every contacts query key starts with it. */
export const contactsQueryKey = ['/api/contacts'] as const;

/** GET /api/contacts: every contact of the tenant by name, each with its SMS thread summary. */
export async function getContacts(signal?: AbortSignal): Promise<ContactListEntry[]> {
  return contactListSchema.parse(await apiJson<unknown>('GET', '/api/contacts', undefined, { signal }));
}

/** Query options for the contact list. */
export function contactsQueryOptions() {
  return queryOptions({ queryKey: contactsQueryKey, queryFn: ({ signal }) => getContacts(signal) });
}

/** The contact list. */
export function useContacts() {
  return useQuery(contactsQueryOptions());
}
