import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../call-route.ts';
import { contactsQueryKey } from '../contacts/use-contacts.ts';
import type { SimulateInboundTextRequest, SimulateInboundTextResponse } from '../contracts/sandbox.ts';
import * as contract from '../contracts/sandbox-routes.ts';
import { smsThreadsQueryKey } from '../sms/use-sms-threads.ts';

/** A contact texts the tenant's number (sandbox only). */
export async function simulateInboundText(
  request: SimulateInboundTextRequest,
): Promise<SimulateInboundTextResponse> {
  return callRoute(contract.simulateInboundText, { body: request });
}

/** Simulates an inbound text; the thread lists (and contacts' unread counts) are refetched after. */
export function useSimulateInboundText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateInboundText,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: smsThreadsQueryKey }),
        queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
      ]),
  });
}
