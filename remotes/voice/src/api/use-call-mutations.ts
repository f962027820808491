import { callRoute } from '@annie/api-client/call-route';
import { callSessionsQueryKey } from '@annie/api-client/calls/call-sessions-query-key';
import type { AssistRequest, AssistResponse, StartCallResponse } from '@annie/contracts/calls';
import { assist as assistRoute, startCall as startCallRoute } from '@annie/contracts/typed-calls-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endCall } from './end-call.ts';

/** POST /api/calls/start (no body): a new web call, ongoing. */
export function startCall(): Promise<StartCallResponse> {
  return callRoute(startCallRoute);
}

/** POST /api/voice/assist {callId, message}: the assistant's reply to a typed message. */
export function assist(request: AssistRequest): Promise<AssistResponse> {
  return callRoute(assistRoute, { body: request });
}

function useCallHistoryMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callSessionsQueryKey }),
  });
}

/** Starts a web call; Call History is refreshed. */
export function useStartCall() {
  return useCallHistoryMutation(startCall);
}

/** Ends a call; Call History is refreshed. */
export function useEndCall() {
  return useCallHistoryMutation((id: string) => endCall(id));
}

/** Sends a typed message during a call; the reply and the message join the call's transcript. */
export function useAssist() {
  return useCallHistoryMutation(assist);
}
