import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../call-route.ts';
import type {
  AssistRequest,
  AssistResponse,
  EndCallResponse,
  StartCallResponse,
} from '../contracts/calls.ts';
import {
  assist as assistRoute,
  endCall as endCallRoute,
  startCall as startCallRoute,
} from '../contracts/calls-routes.ts';
import type { RequestOptions } from '../http.ts';
import { callSessionsQueryKey } from './use-call-sessions.ts';

/** POST /api/calls/start (no body): a new web call, ongoing. */
export function startCall(): Promise<StartCallResponse> {
  return callRoute(startCallRoute);
}

/** POST /api/calls/:id/end (no body); ending it again changes nothing. `keepalive` when leaving the page. */
export function endCall(id: string, options?: RequestOptions): Promise<EndCallResponse> {
  return callRoute(endCallRoute, { params: { id } }, options);
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
