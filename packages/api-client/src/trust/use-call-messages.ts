import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallMessage, callMessageListSchema } from '../contracts/trust.ts';
import { apiJson } from '../http.ts';

/** Query key of the messages callers left. */
export const callMessagesQueryKey = ['/api/call-messages'] as const;

/** GET /api/call-messages: messages callers left for the signed-in user, newest first. */
export async function getCallMessages(signal?: AbortSignal): Promise<CallMessage[]> {
  return callMessageListSchema.parse(
    await apiJson<unknown>('GET', '/api/call-messages', undefined, { signal }),
  );
}

export function callMessagesQueryOptions() {
  return queryOptions({ queryKey: callMessagesQueryKey, queryFn: ({ signal }) => getCallMessages(signal) });
}

/** The messages callers left. */
export function useCallMessages() {
  return useQuery(callMessagesQueryOptions());
}
