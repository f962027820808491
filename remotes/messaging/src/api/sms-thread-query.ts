import { callRoute } from '@annie/api-client/call-route';
import { isApiError } from '@annie/api-client/http';
import { smsThreadsQueryKey } from '@annie/api-client/sms/use-sms-threads';
import type { SmsMessagePage, SmsThreadDetail } from '@annie/contracts/sms';
import * as routes from '@annie/contracts/sms-routes';
import { queryOptions } from '@tanstack/react-query';

/** What the user is told when a thread cannot be loaded. */
export const FAILED_TO_FETCH_THREAD = 'Failed to fetch thread';

/** The thread with a phone number and its latest messages (read-only; 404 before it is started). */
export async function getSmsThread(phone: string, signal?: AbortSignal): Promise<SmsThreadDetail> {
  try {
    return await callRoute(routes.getSmsThread, { params: { phone } }, { signal });
  } catch (error) {
    // Keeps the server's explanation (e.g. a number that is not a phone number) as the cause.
    if (isApiError(error)) throw new Error(FAILED_TO_FETCH_THREAD, { cause: error });
    throw error;
  }
}

/** The page of a thread's messages before one, oldest first. */
export async function getOlderSmsMessages(threadId: string, before: string): Promise<SmsMessagePage> {
  return callRoute(routes.listOlderSmsMessages, { params: { threadId }, query: { before } });
}

/** Query options for one thread, keyed under the list's key. */
export function smsThreadQueryOptions(phone: string) {
  return queryOptions({
    queryKey: [...smsThreadsQueryKey, phone] as const,
    queryFn: ({ signal }) => getSmsThread(phone, signal),
  });
}
