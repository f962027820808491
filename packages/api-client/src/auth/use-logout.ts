import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../http.ts';
import { clearIdentity } from './identity.ts';
import { authUserQueryKey } from './use-auth-user.ts';

/** POST /api/logout (no body). */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/logout');
}

/** Signs out, forgets the identity headers and marks the cached user as signed out. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      clearIdentity();
      queryClient.setQueryData(authUserQueryKey, null);
    },
  });
}
