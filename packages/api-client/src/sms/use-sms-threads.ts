import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SmsThreadSummary, smsThreadListSchema } from '../contracts/sms.ts';
import { apiJson } from '../http.ts';

/** Query key of the thread list; every thread query key starts with it, so invalidating it refreshes all. */
export const smsThreadsQueryKey = ['/api/sms/threads'] as const;

/** GET /api/sms/threads: family first, then newest message first. */
export async function getSmsThreads(signal?: AbortSignal): Promise<SmsThreadSummary[]> {
  return smsThreadListSchema.parse(await apiJson<unknown>('GET', '/api/sms/threads', undefined, { signal }));
}

/** GET /api/sms/threads?ids=: only the named threads (at most SMS_THREAD_IDS_MAX), in the list's order. */
export async function getSmsThreadsByIds(ids: readonly string[]): Promise<SmsThreadSummary[]> {
  const url = `/api/sms/threads?ids=${ids.map(encodeURIComponent).join(',')}`;
  return smsThreadListSchema.parse(await apiJson<unknown>('GET', url));
}

/** Query options for the thread list. */
export function smsThreadsQueryOptions() {
  return queryOptions({ queryKey: smsThreadsQueryKey, queryFn: ({ signal }) => getSmsThreads(signal) });
}

/** The thread list; kept current by useSmsLiveEvents. */
export function useSmsThreads() {
  return useQuery(smsThreadsQueryOptions());
}
