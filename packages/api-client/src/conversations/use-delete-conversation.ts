import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteConversationResponseSchema } from '../contracts/conversations.ts';
import { apiJson, isApiError } from '../http.ts';
import { conversationsQueryKey } from './use-conversations.ts';

/** The spec's message when a delete is refused. */
export const FAILED_TO_DELETE_CONVERSATION = 'Failed to delete conversation';

/** DELETE /api/voice/conversations/:id; the answer is read as JSON, as the spec's client does. */
export async function deleteConversation(id: string): Promise<void> {
  try {
    deleteConversationResponseSchema.parse(
      await apiJson<unknown>('DELETE', `/api/voice/conversations/${encodeURIComponent(id)}`),
    );
  } catch (error) {
    if (isApiError(error)) throw new Error(FAILED_TO_DELETE_CONVERSATION, { cause: error });
    throw error;
  }
}

/** Deletes a conversation and refreshes the list. */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });
}
