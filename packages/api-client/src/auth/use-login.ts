import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AuthUser, authUserSchema, type LoginRequest } from '../contracts/auth.ts';
import { apiJson } from '../http.ts';
import { storeIdentity } from './identity.ts';
import { authUserQueryKey } from './use-auth-user.ts';

/** POST /api/login: the signed-in user, or an ApiError (401 carries the server's message). */
export async function login(credentials: LoginRequest): Promise<AuthUser> {
  return authUserSchema.parse(await apiJson<unknown>('POST', '/api/login', credentials));
}

/** Signs in, stores the identity headers and caches the user under the auth-user key. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      storeIdentity(user);
      queryClient.setQueryData(authUserQueryKey, user);
    },
  });
}
