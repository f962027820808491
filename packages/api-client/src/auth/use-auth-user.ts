import type { AuthUser } from '@annie/contracts/auth';
import { readAuthUser } from '@annie/contracts/auth-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../call-route.ts';
import { isApiError } from '../http.ts';
import { storeIdentity } from './identity.ts';

/** Query key of the signed-in user; login and logout write to it. */
export const authUserQueryKey = [readAuthUser.path] as const;

/** The signed-in user, or null when the session is missing (401). */
export async function getAuthUser(signal?: AbortSignal): Promise<AuthUser | null> {
  let user: AuthUser;
  try {
    user = await callRoute(readAuthUser, {}, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
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
