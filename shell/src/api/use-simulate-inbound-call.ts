import { callRoute } from '@annie/api-client/call-route';
import { callSessionsQueryKey } from '@annie/api-client/calls/call-sessions-query-key';
import type { SimulateInboundCallRequest, SimulateInboundCallResponse } from '@annie/contracts/sandbox';
import * as contract from '@annie/contracts/sandbox-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A contact rings the tenant's number (sandbox only). */
export async function simulateInboundCall(
  request: SimulateInboundCallRequest,
): Promise<SimulateInboundCallResponse> {
  return callRoute(contract.simulateInboundCall, { body: request });
}

/** Simulates an inbound call; Call History is refetched after (the call is already recorded). */
export function useSimulateInboundCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateInboundCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callSessionsQueryKey }),
  });
}
