import { callRoute } from '@annie/api-client/call-route';
import { contactsQueryKey } from '@annie/api-client/contacts/use-contacts';
import { approvalsCountQueryKey } from '@annie/api-client/inbox/use-approvals-count';
import { sendSms } from '@annie/api-client/sms/send-sms';
import { smsThreadsQueryKey } from '@annie/api-client/sms/use-sms-threads';
import type { ResponsePreference, SendSmsResponse } from '@annie/contracts/sms';
import * as routes from '@annie/contracts/sms-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalsQueryKey } from './use-approvals.ts';

/** Sends the thread's pending draft as the user edited it. */
export async function approveSmsDraft(threadId: string, draft: string): Promise<SendSmsResponse> {
  return callRoute(routes.approveSmsDraft, { params: { threadId }, body: { draft } });
}

/** Drops the thread's pending draft. */
export async function rejectSmsDraft(threadId: string): Promise<void> {
  await callRoute(routes.rejectSmsDraft, { params: { threadId } });
}

/** Sets the thread's response preference. */
export async function updateSmsThread(
  threadId: string,
  responsePreference: ResponsePreference,
): Promise<void> {
  await callRoute(routes.updateSmsThread, { params: { threadId }, body: { responsePreference } });
}

// After any change the thread lists are refetched, the contacts too (they show thread summaries), and
// the approvals queue with its count.
function useRefreshingMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: smsThreadsQueryKey }),
        queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
        queryClient.invalidateQueries({ queryKey: approvalsCountQueryKey }),
        queryClient.invalidateQueries({ queryKey: approvalsQueryKey }),
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
