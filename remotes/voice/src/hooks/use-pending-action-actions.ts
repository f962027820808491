import { errorMessage } from '@annie/api-client/http';
import { useToast } from '@annie/ui/toast/toast';
import { useApprovePendingAction, useRejectPendingAction } from '../api/use-pending-action-mutations.ts';

/** Approve (send) and reject a caller's request, with their notices. */
export function usePendingActionActions() {
  const { toast } = useToast();
  const approve = useApprovePendingAction();
  const reject = useRejectPendingAction();
  return {
    pending: approve.isPending || reject.isPending,
    /** `numberTypeConfirmed`: the user was shown the warning for a number that is not a mobile. */
    send(id: string, body: string, numberTypeConfirmed = false) {
      approve.mutate(
        { id, body, numberTypeConfirmed },
        {
          onSuccess: () => toast({ title: 'Text sent', variant: 'success' }),
          onError: (error) =>
            toast({
              title: 'Error',
              description: errorMessage(error, 'Failed to send the text'),
              variant: 'destructive',
            }),
        },
      );
    },
    reject(id: string) {
      reject.mutate(id, {
        onSuccess: () =>
          toast({ title: 'Request rejected', description: 'Nothing was sent', variant: 'success' }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to reject'),
            variant: 'destructive',
          }),
      });
    },
  };
}
