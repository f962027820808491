import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Contact, contactSchema } from '../contracts/contacts.ts';
import { apiJson } from '../http.ts';
import { contactsQueryKey } from './use-contacts.ts';

/** GET /api/contacts/:id: one contact. */
export async function getContact(id: string, signal?: AbortSignal): Promise<Contact> {
  const url = `/api/contacts/${encodeURIComponent(id)}`;
  return contactSchema.parse(await apiJson<unknown>('GET', url, undefined, { signal }));
}

/** Query options for one contact, keyed under the list's key. */
export function contactQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...contactsQueryKey, id] as const,
    queryFn: ({ signal }) => getContact(id, signal),
  });
}

/** One contact. */
export function useContact(id: string) {
  return useQuery(contactQueryOptions(id));
}
