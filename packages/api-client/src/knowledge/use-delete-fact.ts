import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../http.ts';
import { factsQueryKey } from './use-facts.ts';

/** DELETE /api/knowledge/facts/:id: the fact and all of its versions. */
export async function deleteFact(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/knowledge/facts/${id}`);
}

/** Deletes a fact and refreshes the fact list. */
export function useDeleteFact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factsQueryKey }),
  });
}
