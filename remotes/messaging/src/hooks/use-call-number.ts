import { errorMessage } from '@annie/api-client/http';
import { useToast } from '@annie/ui/toast/toast';
import { useCallback } from 'react';
import { useStartPhoneCall } from '../api/use-start-phone-call.ts';

/**
 * The call buttons (conversation view, contact rows): the assistant phones the number, with "Call
 * started" or the server's reason ("Failed to start call" when it gives none).
 */
export function useCallNumber() {
  const { toast } = useToast();
  const { mutate, isPending, variables } = useStartPhoneCall();
  const callNumber = useCallback(
    (to: string, name: string) =>
      mutate(
        { to, message: '' },
        {
          onSuccess: () =>
            toast({ title: 'Call started', description: `Annie is calling ${name}`, variant: 'success' }),
          onError: (error) =>
            toast({
              title: 'Error',
              description: errorMessage(error, 'Failed to start call'),
              variant: 'destructive',
            }),
        },
      ),
    [mutate, toast],
  );
  /** The number being called while the request is out, so only its button spins. */
  return { callNumber, callingTo: isPending ? variables?.to : undefined };
}
