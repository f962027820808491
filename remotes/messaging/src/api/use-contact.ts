import { callRoute } from '@annie/api-client/call-route';
import { contactsQueryKey } from '@annie/api-client/contacts/use-contacts';
import type { Contact } from '@annie/contracts/contacts';
import * as routes from '@annie/contracts/contacts-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** One contact. */
export async function getContact(id: string, signal?: AbortSignal): Promise<Contact> {
  return callRoute(routes.getContact, { params: { id } }, { signal });
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
