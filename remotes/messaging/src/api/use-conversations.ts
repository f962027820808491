import { callRoute } from '@annie/api-client/call-route';
import type { ConversationDetail, ConversationSummary } from '@annie/contracts/conversations';
import * as routes from '@annie/contracts/conversations-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Query key of the conversation list; every conversation query key starts with it. */
export const conversationsQueryKey = [routes.listConversations.path] as const;

/** The caller's conversations, newest first. */
export async function getConversations(signal?: AbortSignal): Promise<ConversationSummary[]> {
  return callRoute(routes.listConversations, {}, { signal });
}

/** One conversation with its messages. */
export async function getConversation(id: string, signal?: AbortSignal): Promise<ConversationDetail> {
  return callRoute(routes.getConversation, { params: { id } }, { signal });
}

/** The caller's conversation history. */
export function useConversations() {
  return useQuery(
    queryOptions({ queryKey: conversationsQueryKey, queryFn: ({ signal }) => getConversations(signal) }),
  );
}

/** One conversation, or nothing while none is selected. */
export function useConversation(id: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...conversationsQueryKey, id ?? ''] as const,
      queryFn: ({ signal }) => getConversation(id ?? '', signal),
      enabled: id !== undefined,
    }),
  );
}
