import { callRoute } from '@annie/api-client/call-route';
import type {
  ClearPhoneLockout,
  ConfirmOwnNumber,
  PhoneAccess,
  ResendOwnNumberCode,
  UpdatePhoneAccess,
} from '@annie/contracts/trust';
import * as contract from '@annie/contracts/trust-routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const phoneAccessQueryKey = [contract.getPhoneAccess.path] as const;

/** Your own numbers, passcode settings and lockouts. */
export async function getPhoneAccess(signal?: AbortSignal): Promise<PhoneAccess> {
  return callRoute(contract.getPhoneAccess, {}, { signal });
}

/** Your own numbers (new ones are texted a code) and, with your password, the passcode. */
export async function updatePhoneAccess(request: UpdatePhoneAccess): Promise<PhoneAccess> {
  return callRoute(contract.updatePhoneAccess, { body: request });
}

/** The code texted to a new number makes it your own. */
export async function confirmOwnNumber(request: ConfirmOwnNumber): Promise<PhoneAccess> {
  return callRoute(contract.confirmOwnNumber, { body: request });
}

/** Text a new code to a number not confirmed yet. */
export async function resendOwnNumberCode(request: ResendOwnNumberCode): Promise<PhoneAccess> {
  return callRoute(contract.resendOwnNumberCode, { body: request });
}

/** Lift a passcode lockout, with your account password. */
export async function clearPhoneLockout(request: ClearPhoneLockout): Promise<PhoneAccess> {
  return callRoute(contract.clearPhoneLockout, { body: request });
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
export const useClearPhoneLockout = () => usePhoneAccessMutation(clearPhoneLockout);
