import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AssistRequest,
  type AssistResponse,
  assistResponseSchema,
  type EndCallResponse,
  endCallResponseSchema,
  type StartCallResponse,
  startCallResponseSchema,
} from '../contracts/calls.ts';
import { apiJson, type RequestOptions } from '../http.ts';
import { callSessionsQueryKey } from './use-call-sessions.ts';

/** POST /api/calls/start (no body): a new web call, ongoing. */
export async function startCall(): Promise<StartCallResponse> {
  return startCallResponseSchema.parse(await apiJson<unknown>('POST', '/api/calls/start'));
}

/** POST /api/calls/:id/end (no body); ending it again changes nothing. `keepalive` when leaving the page. */
export async function endCall(id: string, options?: RequestOptions): Promise<EndCallResponse> {
  const url = `/api/calls/${encodeURIComponent(id)}/end`;
  return endCallResponseSchema.parse(await apiJson<unknown>('POST', url, undefined, options));
}

/** POST /api/voice/assist {callId, message}: the assistant's reply to a typed message. */
export async function assist(request: AssistRequest): Promise<AssistResponse> {
  return assistResponseSchema.parse(await apiJson<unknown>('POST', '/api/voice/assist', request));
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
