import { callRoute } from '@annie/api-client/call-route';
import { deleteFact as deleteFactRoute } from '@annie/contracts/knowledge-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { factsQueryKey } from './use-facts.ts';

/** Deletes the fact and all of its versions. */
export function deleteFact(id: string): Promise<undefined> {
  return callRoute(deleteFactRoute, { params: { id } });
}

/** Deletes a fact and refreshes the fact list. */
export function useDeleteFact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factsQueryKey }),
  });
}
