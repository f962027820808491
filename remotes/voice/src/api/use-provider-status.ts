import { callRoute } from '@annie/api-client/call-route';
import type { DoctorReport } from '@annie/contracts/doctor';
import { getDoctorReport } from '@annie/contracts/doctor-routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const providerStatusQueryKey = [getDoctorReport.path] as const;

/** Each provider's state (admins only); `refresh` checks them again. */
export async function getProviderStatus(refresh = false, signal?: AbortSignal): Promise<DoctorReport> {
  return callRoute(getDoctorReport, { query: refresh ? { refresh: 'true' } : {} }, { signal });
}

export function providerStatusQueryOptions() {
  return queryOptions({
    queryKey: providerStatusQueryKey,
    queryFn: ({ signal }) => getProviderStatus(false, signal),
  });
}

/** The providers' last checked state. */
export function useProviderStatus() {
  return useQuery(providerStatusQueryOptions());
}

/** Checks every provider again now; the answer replaces the cached report. */
export function useRecheckProviders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getProviderStatus(true),
    onSuccess: (report) => queryClient.setQueryData(providerStatusQueryKey, report),
  });
}
