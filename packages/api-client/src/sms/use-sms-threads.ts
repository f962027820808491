import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { SMS_THREAD_LIST_PAGE, type SmsThreadSummary, smsThreadListSchema } from '../contracts/sms.ts';
import { apiJson } from '../http.ts';
import { firstPageUrl, type LinkedPages, linkedPageOptions } from '../paging/linked-page.ts';

/** Query key of every thread query: the lists (`…, 'list', q`) and each open thread (`…, phone`). */
export const smsThreadsQueryKey = ['/api/sms/threads'] as const;

/** Query key of the thread list for a search (`''`: the whole list). */
export const smsThreadListQueryKey = (q: string) => [...smsThreadsQueryKey, 'list', q] as const;

export type SmsThreadPages = LinkedPages<SmsThreadSummary>;

/** GET /api/sms/threads?ids=: only the named threads (at most SMS_THREAD_IDS_MAX), in the list's order. */
export async function getSmsThreadsByIds(ids: readonly string[]): Promise<SmsThreadSummary[]> {
  const url = `/api/sms/threads?ids=${ids.map(encodeURIComponent).join(',')}`;
  return smsThreadListSchema.parse(await apiJson<unknown>('GET', url));
}

/** Query options for the thread list matching `q` (family first, then newest), a page at a time. */
export function smsThreadListQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: smsThreadListQueryKey(q),
    ...linkedPageOptions(firstPageUrl('/api/sms/threads', SMS_THREAD_LIST_PAGE, q), smsThreadListSchema),
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
