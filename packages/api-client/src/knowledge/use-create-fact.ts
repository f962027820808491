import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateFactRequest, type Fact, factSchema } from '../contracts/knowledge.ts';
import { apiJson } from '../http.ts';
import { factsQueryKey } from './use-facts.ts';

/** POST /api/knowledge/facts: {key, value, unit?}; an existing key gets its next version. */
export async function createFact(request: CreateFactRequest): Promise<Fact> {
  return factSchema.parse(await apiJson<unknown>('POST', '/api/knowledge/facts', request));
}

/** Creates a fact and refreshes the fact list. */
export function useCreateFact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factsQueryKey }),
  });
}
