import { callRoute } from '@annie/api-client/call-route';
import { contactsQueryKey } from '@annie/api-client/contacts/use-contacts';
import { smsThreadsQueryKey } from '@annie/api-client/sms/use-sms-threads';
import type { SimulateInboundTextRequest, SimulateInboundTextResponse } from '@annie/contracts/sandbox';
import * as contract from '@annie/contracts/sandbox-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

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
