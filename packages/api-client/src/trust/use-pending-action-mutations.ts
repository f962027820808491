import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SendSmsResponse, sendSmsResponseSchema } from '../contracts/sms.ts';
import { apiJson } from '../http.ts';
import { pendingActionsQueryKey } from './use-pending-actions.ts';

/**
 * POST /api/pending-actions/:id/approve {body, numberTypeConfirmed}: sends the requested text as edited;
 * `numberTypeConfirmed` says the user saw the warning for a number that is not a mobile.
 */
export async function approvePendingAction(
  id: string,
  body: string,
  numberTypeConfirmed = false,
): Promise<SendSmsResponse | null> {
  const url = `/api/pending-actions/${encodeURIComponent(id)}/approve`;
  return sendSmsResponseSchema
    .nullable()
    .parse(await apiJson<unknown>('POST', url, { body, numberTypeConfirmed }));
}

/** POST /api/pending-actions/:id/reject: nothing is sent. */
export async function rejectPendingAction(id: string): Promise<void> {
  await apiJson<unknown>('POST', `/api/pending-actions/${encodeURIComponent(id)}/reject`);
}

function useRefreshingMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingActionsQueryKey }),
  });
}

/** Sends a caller's requested text, as edited. */
export function useApprovePendingAction() {
  return useRefreshingMutation(
    ({ id, body, numberTypeConfirmed }: { id: string; body: string; numberTypeConfirmed?: boolean }) =>
      approvePendingAction(id, body, numberTypeConfirmed),
  );
}

/** Rejects a caller's request. */
export function useRejectPendingAction() {
  return useRefreshingMutation(rejectPendingAction);
}
