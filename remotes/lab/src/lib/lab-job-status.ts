import type { LabJobStatus } from '@annie/contracts/lab';
import type { StatusTone } from '@annie/ui/status-badge/status-badge';

/**
 * How a job's status reads: badge tone (running yellow, succeeded green, failed red, others grey) and
 * status line.
 */
export const LAB_JOB_STATUS_VIEW: Record<LabJobStatus, { tone: StatusTone; line: string }> = {
  queued: { tone: 'gray', line: 'Waiting to Start' },
  running: { tone: 'yellow', line: 'In Progress...' },
  succeeded: { tone: 'green', line: 'Completed Successfully' },
  failed: { tone: 'red', line: 'Failed' },
};

/** "1 Job" or "N Jobs". */
export function jobCountLabel(count: number): string {
  return count === 1 ? '1 Job' : `${count} Jobs`;
}
