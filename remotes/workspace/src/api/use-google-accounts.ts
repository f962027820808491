import { callRoute } from '@annie/api-client/call-route';
import type { GoogleAccount } from '@annie/contracts/workspace';
import { listGoogleAccounts } from '@annie/contracts/workspace-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Query key of the connected accounts. */
export const googleAccountsQueryKey = [listGoogleAccounts.path] as const;

/** This user's connected accounts, the active one first. */
export function getGoogleAccounts(signal?: AbortSignal): Promise<GoogleAccount[]> {
  return callRoute(listGoogleAccounts, {}, { signal });
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
