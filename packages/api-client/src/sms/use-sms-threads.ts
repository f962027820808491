import { SMS_THREAD_LIST_PAGE, type SmsThreadSummary, smsThreadListSchema } from '@annie/contracts/sms';
import { listSmsThreads } from '@annie/contracts/sms-routes';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callRoute } from '../call-route.ts';
import { firstPageUrl, type LinkedPages, linkedPageOptions } from '../paging/linked-page.ts';

/** Query key of every thread query: the lists (`…, 'list', q`) and each open thread (`…, phone`). */
export const smsThreadsQueryKey = [listSmsThreads.path] as const;

/** Query key of the thread list for a search (`''`: the whole list). */
export const smsThreadListQueryKey = (q: string) => [...smsThreadsQueryKey, 'list', q] as const;

export type SmsThreadPages = LinkedPages<SmsThreadSummary>;

/** Only the named threads (at most SMS_THREAD_IDS_MAX), in the list's order. */
export async function getSmsThreadsByIds(ids: readonly string[]): Promise<SmsThreadSummary[]> {
  return callRoute(listSmsThreads, { query: { ids: ids.join(',') } });
}

/** Query options for the thread list matching `q` (family first, then newest), a page at a time. */
export function smsThreadListQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: smsThreadListQueryKey(q),
    ...linkedPageOptions(firstPageUrl(listSmsThreads.path, SMS_THREAD_LIST_PAGE, q), smsThreadListSchema),
  });
}

/**
 * The thread list matching `q` (display name, contact name, nickname or number), searched by the
 * server and loaded a page at a time; while a new search loads, the previous results stay. Kept
 * current by useSmsLiveEvents.
 */
export function useSmsThreads(q = '') {
  const query = useInfiniteQuery({
    ...smsThreadListQueryOptions(q.trim()),
    placeholderData: keepPreviousData,
  });
  // One array per answer, so what renders from it can be memoized on it.
  const threads = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { query, threads };
}
