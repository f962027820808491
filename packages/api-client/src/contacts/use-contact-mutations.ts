import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Contact,
  type CreateContactRequest,
  contactSchema,
  type UpdateContactRequest,
} from '../contracts/contacts.ts';
import { apiJson, apiRequest } from '../http.ts';
import { smsThreadsQueryKey } from '../sms/use-sms-threads.ts';
import { contactsQueryKey } from './use-contacts.ts';

/** POST /api/contacts: adds a contact (unset fields take their defaults); the phone is stored as E.164. */
export async function createContact(request: CreateContactRequest): Promise<Contact> {
  return contactSchema.parse(await apiJson<unknown>('POST', '/api/contacts', request));
}

/** PATCH /api/contacts/:id: changes the given fields. */
export async function updateContact(id: string, request: UpdateContactRequest): Promise<Contact> {
  const url = `/api/contacts/${encodeURIComponent(id)}`;
  return contactSchema.parse(await apiJson<unknown>('PATCH', url, request));
}

/** DELETE /api/contacts/:id. */
export async function deleteContact(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/contacts/${encodeURIComponent(id)}`);
}

// Threads show their contact's name, nickname, relationship and favourite flag, so they refresh too.
function refreshContactsAndThreads(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
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
 * Deletes a contact and refreshes the contacts and threads. The deleted one is dropped from the cache,
 * not refetched: asking for it again would only earn a 404.
 */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [...contactsQueryKey, id], exact: true });
      return refreshContactsAndThreads(queryClient);
    },
  });
}
