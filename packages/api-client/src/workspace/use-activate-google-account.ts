import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type GoogleAccount, googleAccountSchema } from '../contracts/workspace.ts';
import { apiJson } from '../http.ts';
import { googleAccountsQueryKey } from './use-google-accounts.ts';
import { googleStatusQueryKey } from './use-google-status.ts';

/** POST /api/google/accounts/:id/activate: the account the tools use from now on. */
export async function activateGoogleAccount(id: string): Promise<GoogleAccount> {
  return googleAccountSchema.parse(
    await apiJson<unknown>('POST', `/api/google/accounts/${encodeURIComponent(id)}/activate`),
  );
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
