import pg from 'pg';
import { type JobResult, PgBoss, type WorkOptions } from 'pg-boss';
import { agtClientFromConfig } from '../../providers/agt/agt-client.ts';
import type { ModuleDeps } from '../feature-module.ts';
import { reconcileLabJobs } from './lab-job-reconciler.ts';
import { runLabJobs } from './lab-job-runner.ts';
import { successRecorder } from './lab-job-transitions.ts';
import {
  JOB_QUEUE_SCHEMA,
  LAB_JOB_QUEUE,
  type LabQueueData,
  labJobTiming,
  labQueueOptions,
} from './lab-queue.ts';

export type LabWorkerOptions = {
  /** Jobs fetched per claim, run concurrently. */
  batchSize?: number;
  /** Independent fetch loops in this process. */
  localConcurrency?: number;
  /** How often pg-boss looks for expired jobs (those whose worker died). */
  superviseIntervalSeconds?: number;
  reconcileIntervalMs?: number;
  /** How long an unfinished job must be untouched before reconciliation looks at it. */
  reconcileGraceSeconds?: number;
};

const DEFAULTS: Required<LabWorkerOptions> = {
  batchSize: 10,
  localConcurrency: 2,
  superviseIntervalSeconds: 10,
  reconcileIntervalMs: 30_000,
  reconcileGraceSeconds: 60,
};

/**
 * Runs lab jobs from pg-boss, a batch at a time (a handler that throws, e.g. because the database is
 * unreachable, fails the batch and pg-boss retries it). NOTIFY wakes the workers the moment a job is queued (polling remains as a
 * backstop, every second, which is also how retries become due); full batches are fetched back to back.
 * pg-boss takes back jobs whose worker died (after their expiry) and retries them; reconciliation
 * catches what is left. Returns the stop function, which lets running jobs finish first.
 */
export async function startLabWorker(
  deps: ModuleDeps,
  options: LabWorkerOptions = {},
): Promise<() => Promise<void>> {
  const settings = { ...DEFAULTS, ...options };
  const { config, logger } = deps;
  const timing = labJobTiming(config);
  const agt = agtClientFromConfig(config);
  const { connectionString, host, port, user, password, database, ssl } = deps.pool.options;
  const connection = {
    ...{ connectionString, host, port, user, database, ssl },
    ...(typeof password === 'string' ? { password } : {}),
    application_name: 'annie-lab-worker',
  };
  // Connections of its own: a flood of API requests queues on the app's pool, and the worker must not
  // wait behind it to mark a job running.
  const pool = new pg.Pool({
    ...connection,
    max: settings.localConcurrency * 2 + 1,
    idleTimeoutMillis: 10_000,
  });
  pool.on('error', () => {});
  const boss = new PgBoss({
    ...connection,
    schema: JOB_QUEUE_SCHEMA,
    max: Math.max(4, settings.localConcurrency + 2),
    useListenNotify: true,
    schedule: false,
    superviseIntervalSeconds: settings.superviseIntervalSeconds,
    monitorIntervalSeconds: settings.superviseIntervalSeconds,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'lab worker: pg-boss error'));
  boss.on('warning', (warning) => logger.warn({ warning }, 'lab worker: pg-boss warning'));
  await boss.start();
  await boss.createQueue(LAB_JOB_QUEUE, labQueueOptions(timing));

  const recordSuccess = successRecorder(pool);
  const workOptions = {
    batchSize: settings.batchSize,
    localConcurrency: settings.localConcurrency,
    pollingIntervalSeconds: 0.5,
    notifyPollingIntervalSeconds: 1,
    burstWhenBatchFull: true,
    includeMetadata: true,
    perJobResults: true,
  } as const satisfies WorkOptions;
  await boss.work<LabQueueData, unknown, typeof workOptions>(LAB_JOB_QUEUE, workOptions, async (jobs) => {
    const attempts = jobs.map((job) => ({
      id: job.id,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      signal: job.signal,
    }));
    const outcomes = await runLabJobs({ pool, agt, logger, recordSuccess }, attempts);
    return jobs.map((job, index): JobResult => {
      const { outcome = 'failed', message } = outcomes[index] ?? {};
      return { id: job.id, status: outcome, output: message ? { message } : undefined };
    });
  });

  const send = async (labJobId: string) => {
    await boss.send(LAB_JOB_QUEUE, { labJobId } satisfies LabQueueData, { ...timing, id: labJobId });
  };
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
    await boss.stop({ graceful: true, timeout: 10_000 });
    await pool.end();
  };
}
