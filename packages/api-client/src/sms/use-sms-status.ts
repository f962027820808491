import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SmsStatusResponse, smsStatusResponseSchema } from '../contracts/sms.ts';
import { apiJson } from '../http.ts';

/** GET /api/sms/status: whether sending and drafts are configured, and what is missing. */
export async function getSmsStatus(signal?: AbortSignal): Promise<SmsStatusResponse> {
  return smsStatusResponseSchema.parse(
    await apiJson<unknown>('GET', '/api/sms/status', undefined, { signal }),
  );
}

/** What is configured for messaging; it only changes with a restart, so it is read once. */
export function useSmsStatus() {
  return useQuery(
    queryOptions({
      queryKey: ['/api/sms/status'] as const,
      queryFn: ({ signal }) => getSmsStatus(signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
