import { errorMessage } from '@annie/api-client/http';
import type { UpdateContactRequest } from '@annie/contracts/contacts';
import { useToast } from '@annie/ui/toast/toast';
import { useMemo } from 'react';
import { useDeleteContact, useUpdateContact } from '../api/use-contact-mutations.ts';

/** Editing and deleting one contact, with a notice for each outcome. */
export function useContactActions(id: string) {
  const { toast } = useToast();
  const { mutate: update, isPending: saving } = useUpdateContact(id);
  const { mutate: remove, isPending: deleting } = useDeleteContact();

  const actions = useMemo(() => {
    const failed = (fallback: string) => (error: Error) =>
      toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
    return {
      save(changes: UpdateContactRequest, notice = 'Contact updated') {
        update(changes, {
          onSuccess: () => toast({ title: notice, variant: 'success' }),
          onError: failed('Failed to update contact'),
        });
      },
      remove(onDone: () => void) {
        remove(id, {
          onSuccess: () => {
            onDone();
            toast({ title: 'Contact deleted', variant: 'success' });
          },
          onError: failed('Failed to delete contact'),
        });
      },
    };
  }, [id, update, remove, toast]);

  return { ...actions, saving, deleting };
}
