import { callRoute } from '@annie/api-client/call-route';
import type { BudgetStatus } from '@annie/contracts/usage';
import { getBudgetStatus as budgetRoute } from '@annie/contracts/usage-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usageQueryKey } from './use-usage-report.ts';

/** This month's spend against the budget (admins only). */
export async function getBudgetStatus(signal?: AbortSignal): Promise<BudgetStatus> {
  return callRoute(budgetRoute, {}, { signal });
}

export function budgetStatusQueryOptions() {
  return queryOptions({
    queryKey: [...usageQueryKey, 'budget'] as const,
    queryFn: ({ signal }) => getBudgetStatus(signal),
  });
}

/** The month's budget status; `enabled` false for a non-admin (the API refuses them). */
export function useBudgetStatus(enabled = true) {
  return useQuery({ ...budgetStatusQueryOptions(), enabled });
}
