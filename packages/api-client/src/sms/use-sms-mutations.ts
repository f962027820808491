import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsQueryKey } from '../contacts/use-contacts.ts';
import {
  type ResponsePreference,
  type SendSmsRequest,
  type SendSmsResponse,
  sendSmsResponseSchema,
} from '../contracts/sms.ts';
import { apiJson } from '../http.ts';
import { smsThreadsQueryKey } from './use-sms-threads.ts';

/** POST /api/sms/send {to, body, mediaUrl?}. */
export async function sendSms(request: SendSmsRequest): Promise<SendSmsResponse> {
  return sendSmsResponseSchema.parse(await apiJson<unknown>('POST', '/api/sms/send', request));
}

/** POST /api/sms/threads/:threadId/approve {draft}: sends the draft as edited. */
export async function approveSmsDraft(threadId: string, draft: string): Promise<SendSmsResponse> {
  const url = `/api/sms/threads/${encodeURIComponent(threadId)}/approve`;
  return sendSmsResponseSchema.parse(await apiJson<unknown>('POST', url, { draft }));
}

/** POST /api/sms/threads/:threadId/reject: drops the pending draft. */
export async function rejectSmsDraft(threadId: string): Promise<void> {
  await apiJson<unknown>('POST', `/api/sms/threads/${encodeURIComponent(threadId)}/reject`);
}

/** PATCH /api/sms/threads/:threadId {responsePreference}. */
export async function updateSmsThread(
  threadId: string,
  responsePreference: ResponsePreference,
): Promise<void> {
  await apiJson<unknown>('PATCH', `/api/sms/threads/${encodeURIComponent(threadId)}`, { responsePreference });
}

// After any change the thread lists are refetched, and the contacts too, since they show thread summaries.
function useRefreshingMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: smsThreadsQueryKey }),
        queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
      ]),
  });
}

/** Sends a text. */
export function useSendSms() {
  return useRefreshingMutation(sendSms);
}

/** Sends the thread's pending draft as edited. */
export function useApproveSmsDraft() {
  return useRefreshingMutation(({ threadId, draft }: { threadId: string; draft: string }) =>
    approveSmsDraft(threadId, draft),
  );
}

/** Drops the thread's pending draft. */
export function useRejectSmsDraft() {
  return useRefreshingMutation(rejectSmsDraft);
}

/** Sets the thread's response preference. */
export function useUpdateSmsThread() {
  return useRefreshingMutation(
    ({ threadId, responsePreference }: { threadId: string; responsePreference: ResponsePreference }) =>
      updateSmsThread(threadId, responsePreference),
  );
}
