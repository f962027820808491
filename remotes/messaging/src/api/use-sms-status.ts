import { callRoute } from '@annie/api-client/call-route';
import type { SmsStatusResponse } from '@annie/contracts/sms';
import * as routes from '@annie/contracts/sms-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Whether sending and drafts are configured, and what is missing. */
export async function getSmsStatus(signal?: AbortSignal): Promise<SmsStatusResponse> {
  return callRoute(routes.getSmsStatus, {}, { signal });
}

/** What is configured for messaging; it only changes with a restart, so it is read once. */
export function useSmsStatus() {
  return useQuery(
    queryOptions({
      queryKey: [routes.getSmsStatus.path] as const,
      queryFn: ({ signal }) => getSmsStatus(signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
