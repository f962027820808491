import { callRoute } from '@annie/api-client/call-route';
import type { UpdateFactRequest } from '@annie/contracts/knowledge';
import { updateFact as updateFactRoute } from '@annie/contracts/knowledge-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { factsQueryKey } from './use-facts.ts';

export type UpdateFactVariables = { id: string; changes: UpdateFactRequest };

/** Edits a fact: a changed value or unit becomes the next version. */
export function updateFact({ id, changes }: UpdateFactVariables) {
  return callRoute(updateFactRoute, { params: { id }, body: changes });
}

/** Edits a fact and refreshes the fact list and its version history. */
export function useUpdateFact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factsQueryKey }),
  });
}
