import type { AppSettings } from '@annie/contracts/settings';
import { getSettings } from '@annie/contracts/settings-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../call-route.ts';

/** The assistant's first name until the settings have loaded (and the configured default). */
export const DEFAULT_ASSISTANT_NAME = 'James';

/** The product settings every screen reads. */
export async function getAppSettings(signal?: AbortSignal): Promise<AppSettings> {
  return callRoute(getSettings, {}, { signal });
}

/** Query key of the product settings (the shell seeds it from the server-rendered idle view). */
export const appSettingsQueryKey = [getSettings.path] as const;

/** The product settings; they only change with a restart, so they are read once per session. */
export function useAppSettings() {
  return useQuery(
    queryOptions({
      queryKey: appSettingsQueryKey,
      queryFn: ({ signal }) => getAppSettings(signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

/** The assistant's first name, e.g. "James", as every screen should show it. */
export function useAssistantName(): string {
  return useAppSettings().data?.assistantName ?? DEFAULT_ASSISTANT_NAME;
}
