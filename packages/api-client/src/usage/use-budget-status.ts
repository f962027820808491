import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BudgetStatus, budgetStatusSchema } from '../contracts/usage.ts';
import { apiJson } from '../http.ts';
import { usageQueryKey } from './use-usage-report.ts';

/** GET /api/usage/budget: this month's spend against the budget (admins only). */
export async function getBudgetStatus(signal?: AbortSignal): Promise<BudgetStatus> {
  return budgetStatusSchema.parse(await apiJson<unknown>('GET', '/api/usage/budget', undefined, { signal }));
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
