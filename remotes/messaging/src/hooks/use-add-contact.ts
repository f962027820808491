import { errorMessage } from '@annie/api-client/http';
import type { CreateContactRequest } from '@annie/contracts/contacts';
import { useToast } from '@annie/ui/toast/toast';
import { useCallback } from 'react';
import { useCreateContact } from '../api/use-contact-mutations.ts';

/** Adds a contact with its notices: "Contact added successfully!", or the server's message. */
export function useAddContact() {
  const { toast } = useToast();
  const { mutate, isPending } = useCreateContact();
  const addContact = useCallback(
    (request: CreateContactRequest, onDone: () => void) =>
      mutate(request, {
        onSuccess: () => {
          onDone();
          toast({ title: 'Contact added successfully!', variant: 'success' });
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to add contact'),
            variant: 'destructive',
          }),
      }),
    [mutate, toast],
  );
  return { addContact, adding: isPending };
}
