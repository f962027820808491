import { callSessionsQueryKey } from '@annie/api-client/calls/call-sessions-query-key';
import { errorMessage, isApiError } from '@annie/api-client/http';
import { useAssistantName } from '@annie/api-client/settings/use-app-settings';
import { useToast } from '@annie/ui/toast/toast';
import { useQueryClient } from '@tanstack/react-query';
import { endCall } from '../api/end-call.ts';
import { useAssist, useEndCall, useStartCall } from '../api/use-call-mutations.ts';

// The server's words when they are meant for the executive (the budget's hard stop, 402; the missing
// setting when the assistant cannot answer at all, 503); every other failure shows the fixed text.
function failureText(error: unknown, fallback: string): string {
  if (isApiError(error) && (error.status === 402 || error.status === 503))
    return errorMessage(error, fallback);
  return fallback;
}
const START_FAILED = 'The call could not start. Please try again in a moment.';
const END_FAILED = 'The call could not be ended. Please try again.';
const SEND_FAILED = 'Your message was not sent. Please try again.';

/** The typed call page's requests (start, end, send), each with its notice. */
export function useTypedCallActions() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const start = useStartCall();
  const end = useEndCall();
  const assist = useAssist();
  const assistantName = useAssistantName();

  return {
    starting: start.isPending,
    ending: end.isPending,
    sending: assist.isPending,
    /** Starts a web call; `onStarted` gets its id. */
    start(onStarted: (id: string) => void) {
      start.mutate(undefined, {
        onSuccess: ({ id }) => {
          toast({ title: 'Call started', description: `Connected to ${assistantName}`, variant: 'success' });
          onStarted(id);
        },
        onError: (error) =>
          toast({
            title: 'Call not started',
            description: failureText(error, START_FAILED),
            variant: 'destructive',
          }),
      });
    },
    /** Ends the call; `onEnded` runs once the server has it ended. */
    end(id: string, onEnded: () => void) {
      end.mutate(id, {
        onSuccess: () => {
          toast({
            title: 'Call ended',
            description: `Disconnected from ${assistantName}`,
            variant: 'success',
          });
          onEnded();
        },
        onError: () => toast({ title: 'Call still on', description: END_FAILED, variant: 'destructive' }),
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
            toast({
              title: 'Not sent',
              description: failureText(error, SEND_FAILED),
              variant: 'destructive',
            });
            onFailed();
          },
        },
      );
    },
  };
}
