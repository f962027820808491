import { callRoute } from '@annie/api-client/call-route';
import { contactsQueryKey } from '@annie/api-client/contacts/use-contacts';
import { smsThreadsQueryKey } from '@annie/api-client/sms/use-sms-threads';
import type { Contact, CreateContactRequest, UpdateContactRequest } from '@annie/contracts/contacts';
import * as routes from '@annie/contracts/contacts-routes';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

/** Adds a contact (unset fields take their defaults); the phone is stored as E.164. */
export async function createContact(request: CreateContactRequest): Promise<Contact> {
  return callRoute(routes.createContact, { body: request });
}

/** Changes the given fields of a contact. */
export async function updateContact(id: string, request: UpdateContactRequest): Promise<Contact> {
  return callRoute(routes.updateContact, { params: { id }, body: request });
}

/** Deletes a contact. */
export async function deleteContact(id: string): Promise<void> {
  await callRoute(routes.deleteContact, { params: { id } });
}

// Threads show their contact's name, nickname, relationship and favourite flag, so they refresh too.
// A deleted contact's own queries are left out: its page is still mounted until the navigation away, and
// refetching them would only earn 404s.
function refreshContactsAndThreads(queryClient: QueryClient, deletedId?: string) {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: contactsQueryKey,
      predicate: (query) => deletedId === undefined || !query.queryKey.includes(deletedId),
    }),
    queryClient.invalidateQueries({ queryKey: smsThreadsQueryKey }),
  ]);
}

/** Adds a contact and refreshes the contacts and threads. */
export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createContact, onSuccess: () => refreshContactsAndThreads(queryClient) });
}

/** Edits a contact and refreshes the contacts and threads. */
export function useUpdateContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateContactRequest) => updateContact(id, request),
    onSuccess: () => refreshContactsAndThreads(queryClient),
  });
}

/**
 * Deletes a contact and refreshes the contacts and threads. The deleted one's queries are marked stale but
 * not refetched (its page is still mounted until the navigation away; asking again would only earn a
 * 404): opened again later, they are asked again and say it is gone.
 */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_answer, id) => {
      void queryClient.invalidateQueries({
        queryKey: contactsQueryKey,
        predicate: (query) => query.queryKey.includes(id),
        refetchType: 'none',
      });
      return refreshContactsAndThreads(queryClient, id);
    },
  });
}
