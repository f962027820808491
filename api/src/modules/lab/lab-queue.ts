import { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Queryable } from '../../db/transaction.ts';
import { defineQueue } from '../../jobs/job-queue.ts';
import type { JobSender } from '../../jobs/job-sender.ts';

/**
 * The queue lab jobs run on; a queue job's id is its lab job's id. Transient failures are retried 3
 * times with exponential backoff from 1 s (capped at 30 s). A job whose worker stops answering is taken
 * back once it has been active for longer than a provider call may take (AGT_TIMEOUT_MS) plus a margin
 * for the job's own database work.
 */
export const labJobQueue = defineQueue({
  name: 'lab-job',
  data: z.object({ labJobId: z.uuid() }),
  policy: (config: Pick<AppConfig, 'AGT_TIMEOUT_MS'>) => ({
    retryLimit: 3,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: 30,
    expireInSeconds: Math.ceil(config.AGT_TIMEOUT_MS / 1000) + 5,
  }),
});

/** Queues a lab job; with `db` (a transaction's client) it is queued only if that transaction commits. */
export function sendLabJob(jobs: JobSender, labJobId: string, db?: Queryable): Promise<void> {
  return jobs.send(labJobQueue, { labJobId }, { id: labJobId, db });
}
