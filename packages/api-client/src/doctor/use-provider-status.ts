import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DoctorReport, doctorReportSchema } from '../contracts/doctor.ts';
import { apiJson } from '../http.ts';

export const providerStatusQueryKey = ['admin', 'doctor'] as const;

/** GET /api/admin/doctor: each provider's state (admins only); `refresh` checks them again. */
export async function getProviderStatus(refresh = false, signal?: AbortSignal): Promise<DoctorReport> {
  const url = `/api/admin/doctor${refresh ? '?refresh=true' : ''}`;
  return doctorReportSchema.parse(await apiJson<unknown>('GET', url, undefined, { signal }));
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
