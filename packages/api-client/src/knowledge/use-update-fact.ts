import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Fact, factSchema, type UpdateFactRequest } from '../contracts/knowledge.ts';
import { apiJson } from '../http.ts';
import { factsQueryKey } from './use-facts.ts';

export type UpdateFactVariables = { id: string; changes: UpdateFactRequest };

/** PATCH /api/knowledge/facts/:id: a changed value or unit becomes the next version. */
export async function updateFact({ id, changes }: UpdateFactVariables): Promise<Fact> {
  return factSchema.parse(await apiJson<unknown>('PATCH', `/api/knowledge/facts/${id}`, changes));
}

/** Edits a fact and refreshes the fact list and its version history. */
export function useUpdateFact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factsQueryKey }),
  });
}
