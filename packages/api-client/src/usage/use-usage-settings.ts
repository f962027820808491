import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type UsageSettings,
  type UsageSettingsAnswer,
  usageSettingsAnswerSchema,
} from '../contracts/usage.ts';
import { apiJson } from '../http.ts';
import { usageQueryKey } from './use-usage-report.ts';

/** GET /api/usage/settings: currency, budget, hard stop and price overrides, with the dated defaults. */
export async function getUsageSettings(signal?: AbortSignal): Promise<UsageSettingsAnswer> {
  return usageSettingsAnswerSchema.parse(
    await apiJson<unknown>('GET', '/api/usage/settings', undefined, { signal }),
  );
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

/** PUT /api/usage/settings; the report, budget and settings are read again (the currency may change). */
export function useSaveUsageSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: UsageSettings) =>
      usageSettingsAnswerSchema.parse(await apiJson<unknown>('PUT', '/api/usage/settings', settings)),
    onSuccess: () => client.invalidateQueries({ queryKey: usageQueryKey }),
  });
}
