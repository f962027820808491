import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsQueryKey } from '../contacts/use-contacts.ts';
import {
  type SimulateInboundTextRequest,
  type SimulateInboundTextResponse,
  simulateInboundTextResponseSchema,
} from '../contracts/sandbox.ts';
import { apiJson } from '../http.ts';
import { smsThreadsQueryKey } from '../sms/use-sms-threads.ts';

/** POST /api/sandbox/inbound-text {from, body} (sandbox only): a contact texts the tenant's number. */
export async function simulateInboundText(
  request: SimulateInboundTextRequest,
): Promise<SimulateInboundTextResponse> {
  return simulateInboundTextResponseSchema.parse(
    await apiJson<unknown>('POST', '/api/sandbox/inbound-text', request),
  );
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
