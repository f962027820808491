import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Fact, factSchema } from '../contracts/knowledge.ts';
import { apiJson } from '../http.ts';
import { factsQueryKey } from './use-facts.ts';

/** POST /api/knowledge/facts/:id/approve (admins only): approves the fact's current version. */
export async function approveFact(id: string): Promise<Fact> {
  return factSchema.parse(await apiJson<unknown>('POST', `/api/knowledge/facts/${id}/approve`));
}

/** Approves a fact and refreshes the fact list. */
export function useApproveFact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveFact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factsQueryKey }),
  });
}
