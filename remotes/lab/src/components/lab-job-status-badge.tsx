import type { LabJobStatus } from '@annie/contracts/lab';
import { titleCase } from '@annie/ui/format';
import { StatusBadge } from '@annie/ui/status-badge/status-badge';
import { LAB_JOB_STATUS_VIEW } from '../lib/lab-job-status.ts';

/** A job's status as a coloured badge. */
export function LabJobStatusBadge({ status }: { status: LabJobStatus }) {
  return <StatusBadge label={titleCase(status)} tone={LAB_JOB_STATUS_VIEW[status].tone} />;
}
