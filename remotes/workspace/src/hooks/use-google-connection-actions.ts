import { useToast } from '@annie/ui/toast/toast';
import { toastError } from '@annie/ui/toast/toast-error';
import { useCallback } from 'react';
import { useActivateGoogleAccount } from '../api/use-activate-google-account.ts';
import { useConnectGoogle } from '../api/use-connect-google.ts';
import { useDisconnectGoogle } from '../api/use-disconnect-google.ts';

/** Leaves the app for Google's consent page; a seam so tests can see where the browser was sent. */
export const sendBrowserTo = {
  assign: (url: string) => window.location.assign(url),
};

/** Connect, disconnect and switch the active account, with a notice on disconnect and on each failure. */
export function useGoogleConnectionActions() {
  const { toast } = useToast();
  const connectMutation = useConnectGoogle();
  const disconnectMutation = useDisconnectGoogle();
  const activateMutation = useActivateGoogleAccount();

  const connect = useCallback(() => {
    connectMutation.mutate(undefined, {
      onSuccess: ({ authUrl }) => sendBrowserTo.assign(authUrl),
      // This notice's text is fixed, whatever the server said (a 503 names the missing settings).
      onError: () => toastError('Connection Failed', null, 'Unable to initiate Google authentication.'),
    });
  }, [connectMutation.mutate]);

  const disconnect = useCallback(() => {
    disconnectMutation.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Disconnected',
          description: 'Google Workspace has been disconnected.',
          variant: 'success',
        }),
      onError: () => toastError('Disconnect Failed', null, 'Unable to disconnect Google Workspace.'),
    });
  }, [disconnectMutation.mutate, toast]);

  const activate = useCallback(
    (id: string) =>
      activateMutation.mutate(id, {
        onError: (error) => toastError('Error', error, 'Unable to switch the Google account.'),
      }),
    [activateMutation.mutate],
  );

  return {
    connect,
    connecting: connectMutation.isPending,
    disconnect,
    disconnecting: disconnectMutation.isPending,
    activate,
    switchingId: activateMutation.isPending ? activateMutation.variables : undefined,
  };
}
