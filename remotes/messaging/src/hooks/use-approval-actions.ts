import { callRoute } from '@annie/api-client/call-route';
import { contactsQueryKey } from '@annie/api-client/contacts/use-contacts';
import { errorMessage } from '@annie/api-client/http';
import { approvalsCountQueryKey } from '@annie/api-client/inbox/use-approvals-count';
import { smsThreadsQueryKey } from '@annie/api-client/sms/use-sms-threads';
import { pendingActionsQueryKey } from '@annie/api-client/trust/use-pending-actions';
import * as trustRoutes from '@annie/contracts/trust-routes';
import { useToast } from '@annie/ui/toast/toast';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { approvalsQueryKey } from '../api/use-approvals.ts';
import { approveSmsDraft, rejectSmsDraft } from '../api/use-sms-mutations.ts';
import type { ApprovalItem } from '../lib/approval-items.ts';

/** How long a rejection can be undone before it is sent to the server (the toast's display time). */
export const UNDO_MS = 5000;

function approveOne(item: ApprovalItem): Promise<unknown> {
  if (item.kind === 'draft') return approveSmsDraft(item.id, item.text);
  // No numberTypeConfirmed: a request to a number that is not a mobile is refused (409), never sent blind.
  return callRoute(trustRoutes.approvePendingAction, { params: { id: item.id }, body: { body: item.text } });
}

function rejectOne(item: ApprovalItem): Promise<unknown> {
  if (item.kind === 'draft') return rejectSmsDraft(item.id);
  return callRoute(trustRoutes.rejectPendingAction, { params: { id: item.id } });
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * Approve or reject queue items, one or many. Approving sends at once. Rejecting hides the items and
 * offers Undo for UNDO_MS; only then are they rejected on the server (at once if the page closes).
 */
export function useApprovalActions() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [approving, setApproving] = useState(false);
  const waiting = useRef(new Map<string, { items: ApprovalItem[]; timer: ReturnType<typeof setTimeout> }>());

  const refresh = useCallback(
    () =>
      Promise.all(
        [
          approvalsQueryKey,
          approvalsCountQueryKey,
          smsThreadsQueryKey,
          pendingActionsQueryKey,
          contactsQueryKey,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
    [queryClient],
  );

  const commitReject = useCallback(
    async (batch: string) => {
      const entry = waiting.current.get(batch);
      if (!entry) return;
      clearTimeout(entry.timer);
      waiting.current.delete(batch);
      const results = await Promise.allSettled(entry.items.map(rejectOne));
      const failed = results.filter((result) => result.status === 'rejected').length;
      if (failed > 0)
        toast({ title: `${plural(failed, 'item')} could not be rejected`, variant: 'destructive' });
      await refresh();
      setHidden(
        (current) => new Set([...current].filter((key) => !entry.items.some((item) => item.key === key))),
      );
    },
    [refresh, toast],
  );

  // Leaving the screen does not cancel a rejection: what is still waiting is sent now.
  useEffect(() => {
    const pending = waiting.current;
    return () => {
      for (const batch of [...pending.keys()]) void commitReject(batch);
    };
  }, [commitReject]);

  const reject = useCallback(
    (items: ApprovalItem[]) => {
      if (items.length === 0) return;
      const batch = items.map((item) => item.key).join(',');
      setHidden((current) => new Set([...current, ...items.map((item) => item.key)]));
      const timer = setTimeout(() => void commitReject(batch), UNDO_MS);
      waiting.current.set(batch, { items, timer });
      toast({
        title: `Rejected ${plural(items.length, 'item')}`,
        description: 'Nothing was sent.',
        action: {
          label: 'Undo',
          onClick: () => {
            clearTimeout(timer);
            waiting.current.delete(batch);
            setHidden((current) => new Set([...current].filter((key) => !batch.split(',').includes(key))));
          },
        },
      });
    },
    [commitReject, toast],
  );

  const approve = useCallback(
    async (items: ApprovalItem[]) => {
      if (items.length === 0) return;
      setApproving(true);
      const results = await Promise.allSettled(items.map(approveOne));
      setApproving(false);
      const failures = results.flatMap((result) =>
        result.status === 'rejected' ? [errorMessage(result.reason, 'Failed to send')] : [],
      );
      const sent = items.length - failures.length;
      if (failures.length === 0) toast({ title: `Sent ${plural(sent, 'message')}`, variant: 'success' });
      else
        toast({
          title: `Sent ${sent}; ${failures.length} not sent`,
          description: failures[0],
          variant: 'destructive',
        });
      await refresh();
    },
    [refresh, toast],
  );

  return { approve, reject, approving, hidden };
}
