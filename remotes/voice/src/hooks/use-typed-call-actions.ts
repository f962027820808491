import { endCall } from '@annie/api-client/calls/use-call-mutations';
import { callSessionsQueryKey } from '@annie/api-client/calls/use-call-sessions';
import { errorMessage, isApiError } from '@annie/api-client/http';
import { PRODUCT_NAME } from '@annie/ui/product/product-name';
import { useToast } from '@annie/ui/toast/toast';
import { useQueryClient } from '@tanstack/react-query';
import { useAssist, useEndCall, useStartCall } from '../api/use-call-mutations.ts';

// The server says which setting is missing when the assistant cannot answer at all (503 not_configured);
// every other failure shows the fixed text.
function sendFailureText(error: unknown): string {
  if (isApiError(error) && error.status === 503) return errorMessage(error, 'Failed to send message');
  return 'Failed to send message';
}

/** The typed call page's requests (start, end, send), each with its notice. */
export function useTypedCallActions() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const start = useStartCall();
  const end = useEndCall();
  const assist = useAssist();

  return {
    starting: start.isPending,
    ending: end.isPending,
    sending: assist.isPending,
    /** Starts a web call; `onStarted` gets its id. */
    start(onStarted: (id: string) => void) {
      start.mutate(undefined, {
        onSuccess: ({ id }) => {
          toast({ title: 'Call started', description: `Connected to ${PRODUCT_NAME}`, variant: 'success' });
          onStarted(id);
        },
        onError: () => toast({ title: 'Error', description: 'Failed to start call', variant: 'destructive' }),
      });
    },
    /** Ends the call; `onEnded` runs once the server has it ended. */
    end(id: string, onEnded: () => void) {
      end.mutate(id, {
        onSuccess: () => {
          toast({
            title: 'Call ended',
            description: `Disconnected from ${PRODUCT_NAME}`,
            variant: 'success',
          });
          onEnded();
        },
        onError: () => toast({ title: 'Error', description: 'Failed to end call', variant: 'destructive' }),
      });
    },
    /** Ends the call without a notice, also after the page has gone (`keepalive` when the tab is being left). */
    endQuietly(id: string, keepalive = false) {
      void endCall(id, { keepalive })
        .catch(() => undefined)
        .then(() => queryClient.invalidateQueries({ queryKey: callSessionsQueryKey }));
    },
    /** Sends a typed message; `onReply` gets the assistant's answer, `onFailed` runs after the notice. */
    send(callId: string, message: string, onReply: (reply: string) => void, onFailed: () => void) {
      assist.mutate(
        { callId, message },
        {
          onSuccess: ({ response }) => onReply(response),
          onError: (error) => {
            toast({ title: 'Error', description: sendFailureText(error), variant: 'destructive' });
            onFailed();
          },
        },
      );
    },
  };
}
