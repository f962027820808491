import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../call-route.ts';
import { logout as logoutRoute } from '../contracts/auth-routes.ts';
import { clearIdentity } from './identity.ts';
import { authUserQueryKey } from './use-auth-user.ts';

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
