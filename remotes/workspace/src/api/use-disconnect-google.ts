import { callRoute } from '@annie/api-client/call-route';
import type { GoogleAccount, GoogleStatus } from '@annie/contracts/workspace';
import { disconnectGoogle as disconnectRoute } from '@annie/contracts/workspace-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { googleAccountsQueryKey } from './use-google-accounts.ts';
import { googleStatusQueryKey } from './use-google-status.ts';

/** Revokes the grants at Google and forgets the accounts. */
export async function disconnectGoogle(): Promise<void> {
  await callRoute(disconnectRoute);
}

/** Disconnects; on success the status reads not connected and the account list is empty. */
export function useDisconnectGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectGoogle,
    onSuccess: () => {
      queryClient.setQueryData<GoogleStatus>(googleStatusQueryKey, { authenticated: false });
      queryClient.setQueryData<GoogleAccount[]>(googleAccountsQueryKey, []);
    },
  });
}
