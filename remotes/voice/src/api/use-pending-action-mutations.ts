import { callRoute } from '@annie/api-client/call-route';
import { pendingActionsQueryKey } from '@annie/api-client/trust/use-pending-actions';
import type { SendSmsResponse } from '@annie/contracts/sms';
import * as contract from '@annie/contracts/trust-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Sends the requested text as edited; `numberTypeConfirmed` says the user saw the warning for a number
 * that is not a mobile.
 */
export async function approvePendingAction(
  id: string,
  body: string,
  numberTypeConfirmed = false,
): Promise<SendSmsResponse | null> {
  return callRoute(contract.approvePendingAction, { params: { id }, body: { body, numberTypeConfirmed } });
}

/** Rejects a caller's request: nothing is sent. */
export async function rejectPendingAction(id: string): Promise<void> {
  await callRoute(contract.rejectPendingAction, { params: { id } });
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
