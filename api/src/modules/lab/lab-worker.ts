import type { DomainDeps, Stop } from '../../domain.ts';
import { agtClientFromConfig } from '../../providers/agt/agt-client.ts';
import { reconcileLabJobs } from './lab-job-reconciler.ts';
import { runLabJobs } from './lab-job-runner.ts';
import { successRecorder } from './lab-job-transitions.ts';
import { labJobQueue, sendLabJob } from './lab-queue.ts';

export type LabWorkerOptions = {
  /** Jobs fetched per claim, run concurrently. */
  batchSize?: number;
  /** Independent fetch loops in this process. */
  localConcurrency?: number;
  reconcileIntervalMs?: number;
  /** How long an unfinished job must be untouched before reconciliation looks at it. */
  reconcileGraceSeconds?: number;
};

const DEFAULTS: Required<LabWorkerOptions> = {
  batchSize: 10,
  localConcurrency: 2,
  reconcileIntervalMs: 30_000,
  reconcileGraceSeconds: 60,
};

/**
 * Runs lab jobs on the process's job workers, a batch at a time (see JobWorkers.work for waking,
 * polling and retries). pg-boss takes back jobs whose worker died (after their expiry) and retries
 * them; reconciliation catches what is left. Returns the stop function, which lets running jobs finish.
 */
export async function startLabWorker(
  deps: Pick<DomainDeps, 'config' | 'logger' | 'jobs' | 'workers'>,
  options: LabWorkerOptions = {},
): Promise<Stop> {
  const settings = { ...DEFAULTS, ...options };
  const { config, logger, jobs, workers } = deps;
  const agt = agtClientFromConfig(config);
  const pool = workers.pool;
  const recordSuccess = successRecorder(pool);
  const work = { batchSize: settings.batchSize, localConcurrency: settings.localConcurrency };
  await workers.work(labJobQueue, work, async (batch) => {
    const attempts = batch.map((job) => ({
      id: job.data.labJobId,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      signal: job.signal,
    }));
    const outcomes = await runLabJobs({ pool, agt, logger, recordSuccess }, attempts);
    return outcomes.map(({ outcome, message }) => ({
      status: outcome,
      output: message ? { message } : undefined,
    }));
  });

  const send = (labJobId: string) => sendLabJob(jobs, labJobId);
  let reconciling: Promise<unknown> = Promise.resolve();
  const reconcile = () => {
    reconciling = reconcileLabJobs({ pool, logger, send }, settings.reconcileGraceSeconds).catch(
      (error: unknown) => logger.error({ err: error }, 'lab job reconciliation failed'),
    );
  };
  reconcile();
  const timer = setInterval(reconcile, settings.reconcileIntervalMs);

  return async function stopLabWorker() {
    clearInterval(timer);
    await reconciling;
    await workers.stopWork(labJobQueue);
  };
}
