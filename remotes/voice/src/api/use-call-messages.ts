import { callRoute } from '@annie/api-client/call-route';
import type { CallMessage } from '@annie/contracts/trust';
import { listCallMessages } from '@annie/contracts/trust-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Query key of the messages callers left. */
export const callMessagesQueryKey = [listCallMessages.path] as const;

/** Messages callers left for the signed-in user, newest first. */
export async function getCallMessages(signal?: AbortSignal): Promise<CallMessage[]> {
  return callRoute(listCallMessages, {}, { signal });
}

export function callMessagesQueryOptions() {
  return queryOptions({ queryKey: callMessagesQueryKey, queryFn: ({ signal }) => getCallMessages(signal) });
}

/** The messages callers left. */
export function useCallMessages() {
  return useQuery(callMessagesQueryOptions());
}
