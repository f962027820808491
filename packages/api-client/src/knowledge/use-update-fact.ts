import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../call-route.ts';
import type { UpdateFactRequest } from '../contracts/knowledge.ts';
import { updateFact as updateFactRoute } from '../contracts/knowledge-routes.ts';
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
