import { callRoute } from '@annie/api-client/call-route';
import { smsThreadsQueryKey } from '@annie/api-client/sms/use-sms-threads';
import type { SmsSearchResult } from '@annie/contracts/inbox';
import { searchSmsMessages } from '@annie/contracts/sms-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** The tenant's texts holding `q`, newest first, each with a snippet around the match. */
export async function searchMessages(q: string, signal?: AbortSignal): Promise<SmsSearchResult> {
  return callRoute(searchSmsMessages, { query: { q } }, { signal });
}

/** Query options of a message search, under the threads' key so live texts refresh it. */
export function messageSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: [...smsThreadsQueryKey, 'search', q] as const,
    queryFn: ({ signal }) => searchMessages(q, signal),
  });
}

/** Texts whose body holds `q` (nothing is asked for an empty search). */
export function useMessageSearch(q: string) {
  return useQuery({ ...messageSearchQueryOptions(q), enabled: q !== '', placeholderData: keepPreviousData });
}
