import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type UsageQuery, type UsageReport, usageReportSchema } from '../contracts/usage.ts';
import { apiJson } from '../http.ts';

export const usageQueryKey = ['/api/usage'] as const;

/** The query string of a usage report (by, from, to), leaving out what is unset. */
export function usageSearch(query: UsageQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/usage: the tenant's usage per day or month, user and channel (admins only). */
export async function getUsageReport(query: UsageQuery, signal?: AbortSignal): Promise<UsageReport> {
  return usageReportSchema.parse(
    await apiJson<unknown>('GET', `/api/usage${usageSearch(query)}`, undefined, { signal }),
  );
}

export function usageReportQueryOptions(query: UsageQuery) {
  return queryOptions({
    queryKey: [...usageQueryKey, 'report', query] as const,
    queryFn: ({ signal }) => getUsageReport(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The usage report for `query`; the previous one stays shown while another period loads. */
export function useUsageReport(query: UsageQuery) {
  return useQuery(usageReportQueryOptions(query));
}
