import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AuthUser, authUserSchema } from '../contracts/auth.ts';
import { apiJson, isApiError } from '../http.ts';
import { storeIdentity } from './identity.ts';

/** Query key of the signed-in user; login and logout write to it. */
export const authUserQueryKey = ['/api/auth/user'] as const;

/** GET /api/auth/user: the signed-in user, or null when the session is missing (401). */
export async function getAuthUser(signal?: AbortSignal): Promise<AuthUser | null> {
  let body: unknown;
  try {
    body = await apiJson<unknown>('GET', '/api/auth/user', undefined, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
  const user = authUserSchema.parse(body);
  storeIdentity(user);
  return user;
}

/** Query options for the signed-in user (not retried). */
export function authUserQueryOptions() {
  return queryOptions({
    queryKey: authUserQueryKey,
    queryFn: ({ signal }) => getAuthUser(signal),
    retry: false,
  });
}

/** The signed-in user; data is null when nobody is signed in. */
export function useAuthUser() {
  return useQuery(authUserQueryOptions());
}
