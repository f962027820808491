import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { CheckCircledIcon } from '@radix-ui/react-icons';
import { useMemo } from 'react';
import { useApprovals } from '../api/use-approvals.ts';
import { useApprovalActions } from '../hooks/use-approval-actions.ts';
import { approvalItems } from '../lib/approval-items.ts';
import { ApprovalsQueue } from './approvals-queue.tsx';

/** The Messages screen's "Needs your approval" tab: the queue, with rejected items hidden during Undo. */
export function ApprovalsView() {
  const approvals = useApprovals();
  const { approve, reject, approving, hidden } = useApprovalActions();
  const items = useMemo(
    () => (approvals.data ? approvalItems(approvals.data).filter((item) => !hidden.has(item.key)) : []),
    [approvals.data, hidden],
  );
  return (
    <LoadStatus
      loading={approvals.isPending}
      failed={approvals.isError}
      message="Failed to load what waits for approval."
      onRetry={() => void approvals.refetch()}
    >
      {items.length === 0 ? (
        <EmptyState
          icon={<CheckCircledIcon width={32} height={32} />}
          title="Nothing waits for your approval"
          description="Drafted replies and callers' requests appear here"
        />
      ) : (
        <ApprovalsQueue items={items} approving={approving} onApprove={approve} onReject={reject} />
      )}
    </LoadStatus>
  );
}
