import { callRoute } from '@annie/api-client/call-route';
import type { UsageSettings, UsageSettingsAnswer } from '@annie/contracts/usage';
import * as contract from '@annie/contracts/usage-routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usageQueryKey } from './use-usage-report.ts';

/** Currency, budget, hard stop and price overrides, with the dated defaults. */
export async function getUsageSettings(signal?: AbortSignal): Promise<UsageSettingsAnswer> {
  return callRoute(contract.getUsageSettings, {}, { signal });
}

export function usageSettingsQueryOptions() {
  return queryOptions({
    queryKey: [...usageQueryKey, 'settings'] as const,
    queryFn: ({ signal }) => getUsageSettings(signal),
  });
}

export function useUsageSettings() {
  return useQuery(usageSettingsQueryOptions());
}

/** Saves the settings; the report, budget and settings are read again (the currency may change). */
export function useSaveUsageSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: UsageSettings) => callRoute(contract.saveUsageSettings, { body: settings }),
    onSuccess: () => client.invalidateQueries({ queryKey: usageQueryKey }),
  });
}
