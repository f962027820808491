import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../call-route.ts';
import { callSessionsQueryKey } from '../calls/call-sessions-query-key.ts';
import type { SimulateInboundCallRequest, SimulateInboundCallResponse } from '../contracts/sandbox.ts';
import * as contract from '../contracts/sandbox-routes.ts';

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
