import { queryOptions } from '@tanstack/react-query';
import {
  type SmsMessagePage,
  type SmsThreadDetail,
  smsMessagePageSchema,
  smsThreadDetailSchema,
} from '../contracts/sms.ts';
import { apiJson, isApiError } from '../http.ts';
import { smsThreadsQueryKey } from './use-sms-threads.ts';

/** What the user is told when a thread cannot be loaded. */
export const FAILED_TO_FETCH_THREAD = 'Failed to fetch thread';

/** GET /api/sms/threads/:phone: the thread with its latest messages (read-only; 404 before it is started). */
export async function getSmsThread(phone: string, signal?: AbortSignal): Promise<SmsThreadDetail> {
  const url = `/api/sms/threads/${encodeURIComponent(phone)}`;
  try {
    return smsThreadDetailSchema.parse(await apiJson<unknown>('GET', url, undefined, { signal }));
  } catch (error) {
    // Keeps the server's explanation (e.g. a number that is not a phone number) as the cause.
    if (isApiError(error)) throw new Error(FAILED_TO_FETCH_THREAD, { cause: error });
    throw error;
  }
}

/** GET /api/sms/threads/:threadId/messages?before=: the page of messages before one, oldest first. */
export async function getOlderSmsMessages(threadId: string, before: string): Promise<SmsMessagePage> {
  const url = `/api/sms/threads/${encodeURIComponent(threadId)}/messages?before=${encodeURIComponent(before)}`;
  return smsMessagePageSchema.parse(await apiJson<unknown>('GET', url));
}

/** Query options for one thread, keyed under the list's key. */
export function smsThreadQueryOptions(phone: string) {
  return queryOptions({
    queryKey: [...smsThreadsQueryKey, phone] as const,
    queryFn: ({ signal }) => getSmsThread(phone, signal),
  });
}
