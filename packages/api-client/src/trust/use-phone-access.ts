import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConfirmOwnNumber,
  type PhoneAccess,
  phoneAccessSchema,
  type ResendOwnNumberCode,
  type UpdatePhoneAccess,
} from '../contracts/trust.ts';
import { apiJson } from '../http.ts';

export const phoneAccessQueryKey = ['/api/me/phone-access'] as const;

const phoneAccessOf = (answer: unknown): PhoneAccess => phoneAccessSchema.parse(answer);

/** GET /api/me/phone-access: your own numbers, passcode settings and lockouts. */
export async function getPhoneAccess(signal?: AbortSignal): Promise<PhoneAccess> {
  return phoneAccessOf(await apiJson<unknown>('GET', '/api/me/phone-access', undefined, { signal }));
}

/** PUT /api/me/phone-access: your own numbers (new ones are texted a code) and, with your password, the passcode. */
export async function updatePhoneAccess(request: UpdatePhoneAccess): Promise<PhoneAccess> {
  return phoneAccessOf(await apiJson<unknown>('PUT', '/api/me/phone-access', request));
}

/** POST /api/me/phone-access/numbers/confirm: the code texted to a new number makes it your own. */
export async function confirmOwnNumber(request: ConfirmOwnNumber): Promise<PhoneAccess> {
  return phoneAccessOf(await apiJson<unknown>('POST', '/api/me/phone-access/numbers/confirm', request));
}

/** POST /api/me/phone-access/numbers/code: text a new code to a number not confirmed yet. */
export async function resendOwnNumberCode(request: ResendOwnNumberCode): Promise<PhoneAccess> {
  return phoneAccessOf(await apiJson<unknown>('POST', '/api/me/phone-access/numbers/code', request));
}

/** DELETE /api/me/phone-access/lockout: lift a passcode lockout. */
export async function clearPhoneLockout(): Promise<PhoneAccess> {
  return phoneAccessOf(await apiJson<unknown>('DELETE', '/api/me/phone-access/lockout'));
}

export function phoneAccessQueryOptions() {
  return queryOptions({ queryKey: phoneAccessQueryKey, queryFn: ({ signal }) => getPhoneAccess(signal) });
}

/** Your phone access. */
export function usePhoneAccess() {
  return useQuery(phoneAccessQueryOptions());
}

/** A change to your phone access; the cached answer is replaced by the server's. */
function usePhoneAccessMutation<Request>(mutationFn: (request: Request) => Promise<PhoneAccess>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (saved) => queryClient.setQueryData(phoneAccessQueryKey, saved),
  });
}

/** Saves your phone access. */
export const useUpdatePhoneAccess = () => usePhoneAccessMutation(updatePhoneAccess);
/** Confirms a new own number with its code. */
export const useConfirmOwnNumber = () => usePhoneAccessMutation(confirmOwnNumber);
/** Texts a new code to a number. */
export const useResendOwnNumberCode = () => usePhoneAccessMutation(resendOwnNumberCode);
/** Lifts a passcode lockout. */
export const useClearPhoneLockout = () => usePhoneAccessMutation((_: undefined) => clearPhoneLockout());
