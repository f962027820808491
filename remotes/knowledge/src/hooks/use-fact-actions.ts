import type { CreateFactRequest, Fact, UpdateFactRequest } from '@annie/contracts/knowledge';
import { useToast } from '@annie/ui/toast/toast';
import { toastError } from '@annie/ui/toast/toast-error';
import { useMemo } from 'react';
import { useApproveFact } from '../api/use-approve-fact.ts';
import { useCreateFact } from '../api/use-create-fact.ts';
import { useDeleteFact } from '../api/use-delete-fact.ts';
import { useUpdateFact } from '../api/use-update-fact.ts';
import { humanLabel } from '../lib/fact-label.ts';

/**
 * The fact mutations, each with a success notice.
 * Failures show a fixed text for the action ("Failed to create fact"), whatever the server said.
 * The action functions keep their identity between renders, so memoised cards are not re-rendered.
 */
export function useFactActions() {
  const { toast } = useToast();
  const { mutate: create, isPending: creating } = useCreateFact();
  const { mutate: update, isPending: updating } = useUpdateFact();
  const { mutate: approve, isPending: approving, variables: approvingId } = useApproveFact();
  const { mutate: remove, isPending: deleting } = useDeleteFact();

  const actions = useMemo(() => {
    return {
      createFact(request: CreateFactRequest, onDone: () => void) {
        create(request, {
          onSuccess: () => {
            onDone();
            toast({
              title: 'Fact created',
              description: 'Knowledge fact has been added successfully',
              variant: 'success',
            });
          },
          onError: () => toastError('Error', null, 'Failed to create fact'),
        });
      },
      updateFact(fact: Fact, changes: UpdateFactRequest, onDone: () => void) {
        update(
          { id: fact.id, changes },
          {
            onSuccess: (saved) => {
              onDone();
              toast({
                title: 'Fact updated',
                description:
                  saved.version > fact.version
                    ? `Saved as version ${saved.version} of ${humanLabel(saved.key)}`
                    : 'Knowledge fact has been updated successfully',
                variant: 'success',
              });
            },
            onError: () => toastError('Error', null, 'Failed to update fact'),
          },
        );
      },
      approveFact(fact: Fact) {
        approve(fact.id, {
          onSuccess: (saved) =>
            toast({
              title: 'Fact approved',
              description: `Version ${saved.version} of ${saved.key} has been approved`,
              variant: 'success',
            }),
          onError: () => toastError('Error', null, 'Failed to approve fact'),
        });
      },
      deleteFact(fact: Fact, onDone: () => void) {
        remove(fact.id, {
          onSuccess: () => {
            onDone();
            toast({
              title: 'Fact deleted',
              description: `${humanLabel(fact.key)} and all of its versions have been deleted`,
              variant: 'success',
            });
          },
          onError: () => toastError('Error', null, 'Failed to delete fact'),
        });
      },
    };
  }, [create, update, approve, remove, toast]);

  return { ...actions, creating, updating, deleting, approvingId: approving ? approvingId : undefined };
}

export type FactActions = ReturnType<typeof useFactActions>;
