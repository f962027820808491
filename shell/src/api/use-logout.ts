import { clearIdentity } from '@annie/api-client/auth/identity';
import { authUserQueryKey } from '@annie/api-client/auth/use-auth-user';
import { callRoute } from '@annie/api-client/call-route';
import { logout as logoutRoute } from '@annie/contracts/auth-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Signs out (ends the session, if any). */
export async function logout(): Promise<void> {
  await callRoute(logoutRoute);
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
