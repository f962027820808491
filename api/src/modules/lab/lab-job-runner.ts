import type { Logger } from 'pino';
import { ZodError } from 'zod';
import type { Pool } from '../../db/pool.ts';
import { type AgtClient, AgtError } from '../../providers/agt/agt-client.ts';
import type { LabJobRow } from './lab-job.dto.ts';
import { markFailed, markRetrying, markRunning } from './lab-job.queries.ts';
import { callProviderFor } from './lab-job-provider.ts';

export type LabJobRunnerDeps = {
  pool: Pool;
  agt: AgtClient;
  logger: Logger;
  /** Records a success (see successRecorder); one per worker, so successes are written together. */
  recordSuccess: (id: string, result: unknown) => Promise<boolean>;
};

/** One delivery of a lab job by the queue: `retryCount` retries have happened, `retryLimit` are allowed. */
export type LabJobAttempt = { id: string; retryCount: number; retryLimit: number; signal?: AbortSignal };

/**
 * What the queue should do with its job: `completed` (done, also when there was nothing left to do),
 * `failed` (retry it if retries remain) or `deadletter` (fail it now: retrying cannot help).
 */
export type LabJobOutcome = { outcome: 'completed' | 'failed' | 'deadletter'; message?: string };

const INTERRUPTED = 'The worker stopped while running this job; it will be retried';
const RECORDING_FAILED = 'The attempt could not be recorded';

function failureMessage(error: unknown): string {
  if (error instanceof AgtError) return error.message;
  if (error instanceof ZodError)
    return `The job's payload is not valid: ${error.issues[0]?.message ?? 'invalid'}`;
  return 'The job failed unexpectedly';
}

/**
 * Runs one delivery of a batch of lab jobs: marks them running (one statement), then calls the provider
 * for each and stores its answer or failure. Idempotent: a job that already finished is left alone, and
 * every state change applies only from the states it may come from. Transient provider failures put the
 * job back in the queue while retries remain; anything else fails it at once with the provider's message.
 */
export async function runLabJobs(
  deps: LabJobRunnerDeps,
  attempts: LabJobAttempt[],
): Promise<LabJobOutcome[]> {
  const running = await markRunning(
    deps.pool,
    attempts.map((attempt) => attempt.id),
  );
  return Promise.all(
    attempts.map(async (attempt): Promise<LabJobOutcome> => {
      const job = running.get(attempt.id);
      if (!job) return { outcome: 'completed' };
      try {
        return await finish(deps, job, attempt);
      } catch (error) {
        // Recording the outcome failed (e.g. the connection dropped): the queue retries the job.
        deps.logger.error({ err: error, labJobId: job.id }, 'lab job attempt could not be recorded');
        return { outcome: 'failed', message: RECORDING_FAILED };
      }
    }),
  );
}

/** runLabJobs for a single delivery. */
export async function runLabJob(deps: LabJobRunnerDeps, attempt: LabJobAttempt): Promise<LabJobOutcome> {
  const [outcome] = await runLabJobs(deps, [attempt]);
  return outcome ?? { outcome: 'completed' };
}

async function finish(
  deps: LabJobRunnerDeps,
  job: LabJobRow,
  attempt: LabJobAttempt,
): Promise<LabJobOutcome> {
  let result: unknown;
  try {
    result = await callProviderFor(deps.agt, job.type, job.payload, {
      idempotencyKey: job.id,
      signal: attempt.signal,
    });
  } catch (error) {
    if (attempt.signal?.aborted) {
      await markRetrying(deps.pool, job.id, INTERRUPTED);
      return { outcome: 'failed', message: INTERRUPTED };
    }
    const message = failureMessage(error);
    if (!(error instanceof AgtError) && !(error instanceof ZodError)) {
      deps.logger.error({ err: error, labJobId: job.id }, 'lab job failed unexpectedly');
    }
    const transient = error instanceof AgtError && error.transient;
    if (transient && attempt.retryCount < attempt.retryLimit) {
      await markRetrying(deps.pool, job.id, message);
      return { outcome: 'failed', message };
    }
    await markFailed(deps.pool, job.id, message);
    return { outcome: transient ? 'failed' : 'deadletter', message };
  }
  await deps.recordSuccess(job.id, result);
  return { outcome: 'completed' };
}
