import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GoogleAccount, googleAccountListSchema } from '../contracts/workspace.ts';
import { apiJson } from '../http.ts';

/** Query key of the connected accounts. */
export const googleAccountsQueryKey = ['/api/google/accounts'] as const;

/** GET /api/google/accounts: this user's connected accounts, the active one first. */
export async function getGoogleAccounts(signal?: AbortSignal): Promise<GoogleAccount[]> {
  return googleAccountListSchema.parse(
    await apiJson<unknown>('GET', '/api/google/accounts', undefined, { signal }),
  );
}

/** Query options for the connected accounts. */
export function googleAccountsQueryOptions() {
  return queryOptions({
    queryKey: googleAccountsQueryKey,
    queryFn: ({ signal }) => getGoogleAccounts(signal),
  });
}

/** The connected accounts; use the list only when the request succeeded. */
export function useGoogleAccounts() {
  return useQuery(googleAccountsQueryOptions());
}
