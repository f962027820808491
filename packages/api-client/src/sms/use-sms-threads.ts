import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { SMS_THREAD_LIST_PAGE, type SmsThreadSummary, smsThreadListSchema } from '../contracts/sms.ts';
import { apiJson, apiRequest } from '../http.ts';

/** Query key of every thread query: the lists (`…, 'list', q`) and each open thread (`…, phone`). */
export const smsThreadsQueryKey = ['/api/sms/threads'] as const;

/** Query key of the thread list for a search (`''`: the whole list). */
export const smsThreadListQueryKey = (q: string) => [...smsThreadsQueryKey, 'list', q] as const;

/** One page of the thread list, and the address of the next while more remain. */
export type SmsThreadPage = { threads: SmsThreadSummary[]; next: string | null };
export type SmsThreadPages = InfiniteData<SmsThreadPage, string>;

/** The first page's address for a search. */
export function smsThreadListUrl(q: string): string {
  const query = new URLSearchParams({ limit: String(SMS_THREAD_LIST_PAGE) });
  if (q) query.set('q', q);
  return `/api/sms/threads?${query}`;
}

/** GET one page of /api/sms/threads (family first, then newest); `next` from its Link header. */
export async function getSmsThreadPage(url: string, signal?: AbortSignal): Promise<SmsThreadPage> {
  const response = await apiRequest('GET', url, undefined, { signal });
  const next = response.headers.get('Link')?.match(/<([^>]+)>;\s*rel="next"/)?.[1] ?? null;
  return { threads: smsThreadListSchema.parse(await response.json()), next };
}

/** GET /api/sms/threads?ids=: only the named threads (at most SMS_THREAD_IDS_MAX), in the list's order. */
export async function getSmsThreadsByIds(ids: readonly string[]): Promise<SmsThreadSummary[]> {
  const url = `/api/sms/threads?ids=${ids.map(encodeURIComponent).join(',')}`;
  return smsThreadListSchema.parse(await apiJson<unknown>('GET', url));
}

/** Query options for the thread list matching `q`, a page at a time. */
export function smsThreadListQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: smsThreadListQueryKey(q),
    queryFn: ({ pageParam, signal }) => getSmsThreadPage(pageParam, signal),
    initialPageParam: smsThreadListUrl(q),
    getNextPageParam: (page: SmsThreadPage) => page.next ?? undefined,
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
  const threads = useMemo(() => query.data?.pages.flatMap((page) => page.threads), [query.data]);
  return { query, threads };
}
