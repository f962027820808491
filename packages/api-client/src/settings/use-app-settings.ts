import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AppSettings, appSettingsSchema } from '../contracts/settings.ts';
import { apiJson } from '../http.ts';

/** The assistant's first name until the settings have loaded (and the configured default). */
export const DEFAULT_ASSISTANT_NAME = 'James';

/** GET /api/settings: product settings every screen reads. */
export async function getAppSettings(signal?: AbortSignal): Promise<AppSettings> {
  return appSettingsSchema.parse(await apiJson<unknown>('GET', '/api/settings', undefined, { signal }));
}

/** The product settings; they only change with a restart, so they are read once per session. */
export function useAppSettings() {
  return useQuery(
    queryOptions({
      queryKey: ['/api/settings'] as const,
      queryFn: ({ signal }) => getAppSettings(signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

/** The assistant's first name, e.g. "James", as every screen should show it. */
export function useAssistantName(): string {
  return useAppSettings().data?.assistantName ?? DEFAULT_ASSISTANT_NAME;
}
