import type { ModuleDeps, Stop } from '../../api-module.ts';
import { defineSchedule, type Schedule } from '../../jobs/define-schedule.ts';
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
};

const DEFAULTS: Required<LabWorkerOptions> = { batchSize: 10, localConcurrency: 2 };

/** How often unfinished lab jobs are reconciled (once across instances). */
export const LAB_RECONCILE_INTERVAL_MS = 30_000;
/** How long an unfinished job must be untouched before reconciliation looks at it. */
export const LAB_RECONCILE_GRACE_SECONDS = 60;

/**
 * Runs lab jobs on the process's job workers, a batch at a time (see JobWorkers.work for waking,
 * polling and retries). pg-boss takes back jobs whose worker died (after their expiry) and retries
 * them; reconciliation (`labReconcileSchedule`) catches what is left. Returns the stop function, which
 * lets running jobs finish.
 */
export async function startLabWorker(
  deps: Pick<ModuleDeps, 'config' | 'logger' | 'jobs' | 'workers'>,
  options: LabWorkerOptions = {},
): Promise<Stop> {
  const settings = { ...DEFAULTS, ...options };
  const { config, logger, workers } = deps;
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

  return async function stopLabWorker() {
    await workers.stopWork(labJobQueue);
  };
}

/**
 * Reconciliation of unfinished lab jobs every 30 s, once across instances: a job whose queue job is
 * missing is queued again, one abandoned past its retries is failed (see `reconcileLabJobs`).
 */
export function labReconcileSchedule(deps: Pick<ModuleDeps, 'logger' | 'jobs' | 'workers'>): Schedule {
  const { logger, jobs, workers } = deps;
  const send = (labJobId: string) => sendLabJob(jobs, labJobId);
  return defineSchedule({
    name: 'lab-reconcile',
    every: LAB_RECONCILE_INTERVAL_MS,
    run: () => reconcileLabJobs({ pool: workers.pool, logger, send }, LAB_RECONCILE_GRACE_SECONDS),
  });
}
