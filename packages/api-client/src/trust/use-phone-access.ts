import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PhoneAccess, phoneAccessSchema, type UpdatePhoneAccess } from '../contracts/trust.ts';
import { apiJson } from '../http.ts';

export const phoneAccessQueryKey = ['/api/me/phone-access'] as const;

/** GET /api/me/phone-access: your own numbers and whether a phone passcode is set. */
export async function getPhoneAccess(signal?: AbortSignal): Promise<PhoneAccess> {
  return phoneAccessSchema.parse(
    await apiJson<unknown>('GET', '/api/me/phone-access', undefined, { signal }),
  );
}

/** PUT /api/me/phone-access: your own numbers and, with your password, a new passcode. */
export async function updatePhoneAccess(request: UpdatePhoneAccess): Promise<PhoneAccess> {
  return phoneAccessSchema.parse(await apiJson<unknown>('PUT', '/api/me/phone-access', request));
}

export function phoneAccessQueryOptions() {
  return queryOptions({ queryKey: phoneAccessQueryKey, queryFn: ({ signal }) => getPhoneAccess(signal) });
}

/** Your phone access. */
export function usePhoneAccess() {
  return useQuery(phoneAccessQueryOptions());
}

/** Saves your phone access; the cached answer is replaced by the server's. */
export function useUpdatePhoneAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhoneAccess,
    onSuccess: (saved) => queryClient.setQueryData(phoneAccessQueryKey, saved),
  });
}
