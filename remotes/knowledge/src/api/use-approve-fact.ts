import { callRoute } from '@annie/api-client/call-route';
import { approveFact as approveFactRoute } from '@annie/contracts/knowledge-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { factsQueryKey } from './use-facts.ts';

/** Approves the fact's current version (admins only). */
export function approveFact(id: string) {
  return callRoute(approveFactRoute, { params: { id } });
}

/** Approves a fact and refreshes the fact list. */
export function useApproveFact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveFact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factsQueryKey }),
  });
}
