import type { Logger } from 'pino';
import type { Pool } from '../../db/pool.ts';
import { markFailed, markRequeued, staleLabJobs } from './lab-job.queries.ts';
import { labJobQueue } from './lab-queue.ts';

export const ABANDONED_MESSAGE =
  'The worker running this job stopped before it finished, and no retries were left';

export type ReconcileDeps = { pool: Pool; logger: Logger; send: (labJobId: string) => Promise<void> };

/**
 * The safety net under pg-boss's own expiry and retries: finds unfinished lab jobs (untouched for
 * `graceSeconds`) whose queue job has ended or is missing. A job whose queue job ended (its retries
 * used up, e.g. by a worker that kept dying) is failed; one whose queue job is missing is queued again
 * under the same id, so a second reconciliation cannot queue it twice.
 */
export async function reconcileLabJobs(
  deps: ReconcileDeps,
  graceSeconds: number,
): Promise<{ failed: number; requeued: number }> {
  const rows = await staleLabJobs(deps.pool, labJobQueue.name, graceSeconds);
  let failed = 0;
  let requeued = 0;
  for (const row of rows) {
    if (row.state === null) {
      await markRequeued(deps.pool, row.id);
      await deps.send(row.id);
      requeued += 1;
    } else if (await markFailed(deps.pool, row.id, ABANDONED_MESSAGE)) {
      failed += 1;
    }
  }
  if (failed || requeued) deps.logger.warn({ failed, requeued }, 'lab jobs reconciled');
  return { failed, requeued };
}
