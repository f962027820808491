import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ConversationDetail,
  type ConversationSummary,
  conversationDetailSchema,
  conversationListSchema,
} from '../contracts/conversations.ts';
import { apiJson } from '../http.ts';

/** Query key of the conversation list; every conversation query key starts with it. */
export const conversationsQueryKey = ['/api/voice/conversations'] as const;

/** GET /api/voice/conversations: the caller's conversations, newest first. */
export async function getConversations(signal?: AbortSignal): Promise<ConversationSummary[]> {
  const body = await apiJson<unknown>('GET', '/api/voice/conversations', undefined, { signal });
  return conversationListSchema.parse(body);
}

/** GET /api/voice/conversations/:id: one conversation with its messages. */
export async function getConversation(id: string, signal?: AbortSignal): Promise<ConversationDetail> {
  const url = `/api/voice/conversations/${encodeURIComponent(id)}`;
  return conversationDetailSchema.parse(await apiJson<unknown>('GET', url, undefined, { signal }));
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
