import { callRoute } from '@annie/api-client/call-route';
import type { CreateFactRequest } from '@annie/contracts/knowledge';
import { createFact as createFactRoute } from '@annie/contracts/knowledge-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { factsQueryKey } from './use-facts.ts';

/** Adds a fact {key, value, unit?}; an existing key gets its next version. */
export function createFact(request: CreateFactRequest) {
  return callRoute(createFactRoute, { body: request });
}

/** Creates a fact and refreshes the fact list. */
export function useCreateFact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factsQueryKey }),
  });
}
