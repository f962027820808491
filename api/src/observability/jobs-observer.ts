import { boundedName, jobsDone } from './metrics.ts';
import { inSpan } from './tracing.ts';

/**
 * Runs a batch of a queue's jobs inside a span (tracing on) and counts their outcomes by queue: each
 * one's status, or all failed when the handler throws (pg-boss then retries the batch).
 */
export async function observeJobs<Outcome extends { status: string }>(
  queueName: string,
  count: number,
  run: () => Promise<Outcome[]>,
): Promise<Outcome[]> {
  const queue = boundedName(queueName);
  try {
    const outcomes = await inSpan(`job ${queue}`, { 'annie.queue': queue, 'annie.jobs': count }, run);
    for (const outcome of outcomes) jobsDone.inc({ queue, outcome: outcome.status });
    return outcomes;
  } catch (error) {
    jobsDone.inc({ queue, outcome: 'failed' }, count);
    throw error;
  }
}
