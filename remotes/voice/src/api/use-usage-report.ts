import { callRoute } from '@annie/api-client/call-route';
import type { UsageQuery, UsageReport } from '@annie/contracts/usage';
import * as contract from '@annie/contracts/usage-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** Every usage query key starts with it: saving the settings refreshes them all. */
export const usageQueryKey = [contract.getUsageReport.path] as const;

/** The tenant's usage per day or month, user and channel (admins only). */
export async function getUsageReport(query: UsageQuery, signal?: AbortSignal): Promise<UsageReport> {
  return callRoute(contract.getUsageReport, { query }, { signal });
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
