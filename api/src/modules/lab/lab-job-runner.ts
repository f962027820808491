import type { Logger } from 'pino';
import { ZodError } from 'zod';
import type { Pool } from '../../db/pool.ts';
import { type AgtClient, AgtError } from '../../providers/agt/agt-client.ts';
import { callProviderFor } from './lab-job-provider.ts';
import { markFailed, markRetrying, markRunning, markSucceeded } from './lab-job-transitions.ts';

export type LabJobRunnerDeps = { pool: Pool; agt: AgtClient; logger: Logger };

/** One delivery of a lab job by the queue: `retryCount` retries have happened, `retryLimit` are allowed. */
export type LabJobAttempt = { id: string; retryCount: number; retryLimit: number; signal?: AbortSignal };

/**
 * What the queue should do with its job: `completed` (done, also when there was nothing left to do),
 * `failed` (retry it if retries remain) or `deadletter` (fail it now: retrying cannot help).
 */
export type LabJobOutcome = { outcome: 'completed' | 'failed' | 'deadletter'; message?: string };

const INTERRUPTED = 'The worker stopped while running this job; it will be retried';

function failureMessage(error: unknown): string {
  if (error instanceof AgtError) return error.message;
  if (error instanceof ZodError)
    return `The job's payload is not valid: ${error.issues[0]?.message ?? 'invalid'}`;
  return 'The job failed unexpectedly';
}

/**
 * Runs one delivery of a lab job: marks it running, calls the provider, and stores the answer or the
 * failure. Idempotent: a job that already finished is left alone, and every state change applies only
 * from the states it may come from. Transient provider failures put the job back in the queue while
 * retries remain; anything else fails it at once with the provider's message.
 */
export async function runLabJob(deps: LabJobRunnerDeps, attempt: LabJobAttempt): Promise<LabJobOutcome> {
  const job = await markRunning(deps.pool, attempt.id);
  if (!job) return { outcome: 'completed' };
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
  await markSucceeded(deps.pool, job.id, result);
  return { outcome: 'completed' };
}
