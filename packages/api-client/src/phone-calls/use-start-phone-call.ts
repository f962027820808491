import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callSessionsQueryKey } from '../calls/use-call-sessions.ts';
import {
  type StartPhoneCallRequest,
  type StartPhoneCallResponse,
  startPhoneCallResponseSchema,
} from '../contracts/phone-calls.ts';
import { apiJson } from '../http.ts';

/** POST /api/annie/call/start {to, message}: the assistant phones the number; answers the call session. */
export async function startPhoneCall(request: StartPhoneCallRequest): Promise<StartPhoneCallResponse> {
  return startPhoneCallResponseSchema.parse(await apiJson<unknown>('POST', '/api/annie/call/start', request));
}

/** Has the assistant phone a number; Call History is refreshed. */
export function useStartPhoneCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPhoneCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callSessionsQueryKey }),
  });
}
