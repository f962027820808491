import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callSessionsQueryKey } from '../calls/use-call-sessions.ts';
import {
  type SimulateInboundCallRequest,
  type SimulateInboundCallResponse,
  simulateInboundCallResponseSchema,
} from '../contracts/sandbox.ts';
import { apiJson } from '../http.ts';

/** POST /api/sandbox/inbound-call {from} (sandbox only): a contact rings the tenant's number. */
export async function simulateInboundCall(
  request: SimulateInboundCallRequest,
): Promise<SimulateInboundCallResponse> {
  return simulateInboundCallResponseSchema.parse(
    await apiJson<unknown>('POST', '/api/sandbox/inbound-call', request),
  );
}

/** Simulates an inbound call; Call History is refetched after (the call is already recorded). */
export function useSimulateInboundCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateInboundCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callSessionsQueryKey }),
  });
}
