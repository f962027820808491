import { callRoute } from '@annie/api-client/call-route';
import type { GoogleAccount } from '@annie/contracts/workspace';
import { activateGoogleAccount as activateRoute } from '@annie/contracts/workspace-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { googleAccountsQueryKey } from './use-google-accounts.ts';
import { googleStatusQueryKey } from './use-google-status.ts';

/** Makes an account the one the tools use from now on. */
export function activateGoogleAccount(id: string): Promise<GoogleAccount> {
  return callRoute(activateRoute, { params: { id } });
}

/** Switches the active account and refreshes the status and the list. */
export function useActivateGoogleAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateGoogleAccount,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: googleAccountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: googleStatusQueryKey }),
      ]);
    },
  });
}
