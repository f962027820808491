import { callRoute } from '@annie/api-client/call-route';
import { isApiError } from '@annie/api-client/http';
import * as routes from '@annie/contracts/conversations-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationsQueryKey } from './use-conversations.ts';

/** What the user is told when a delete is refused. */
export const FAILED_TO_DELETE_CONVERSATION = 'Failed to delete conversation';

/** Deletes a conversation; the answer must be the JSON `{id, deleted: true}` its contract describes. */
export async function deleteConversation(id: string): Promise<void> {
  try {
    await callRoute(routes.deleteConversation, { params: { id } });
  } catch (error) {
    if (isApiError(error)) throw new Error(FAILED_TO_DELETE_CONVERSATION, { cause: error });
    throw error;
  }
}

/**
 * Deletes a conversation and refreshes the list. The deleted one's messages are dropped from the cache,
 * not refetched: asking for them again would only earn a 404.
 */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [...conversationsQueryKey, id], exact: true });
      return queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
    },
  });
}
