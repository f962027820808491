import { callRoute } from '@annie/api-client/call-route';
import { callSessionsQueryKey } from '@annie/api-client/calls/call-sessions-query-key';
import type { StartPhoneCallRequest, StartPhoneCallResponse } from '@annie/contracts/phone-calls';
import * as routes from '@annie/contracts/phone-calls-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The assistant phones the number `to`, for what `message` says; answers the call session. */
export async function startPhoneCall(request: StartPhoneCallRequest): Promise<StartPhoneCallResponse> {
  return callRoute(routes.startPhoneCall, { body: request });
}

/** Has the assistant phone a number; Call History is refreshed. */
export function useStartPhoneCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPhoneCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callSessionsQueryKey }),
  });
}
