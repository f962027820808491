import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoogleAccount, GoogleStatus } from '../contracts/workspace.ts';
import { apiRequest } from '../http.ts';
import { googleAccountsQueryKey } from './use-google-accounts.ts';
import { googleStatusQueryKey } from './use-google-status.ts';

/** POST /api/google/disconnect: revokes the grants at Google and forgets the accounts. */
export async function disconnectGoogle(): Promise<void> {
  await apiRequest('POST', '/api/google/disconnect');
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
