import type { Db, PgBoss, Queue } from 'pg-boss';
import type { z } from 'zod';
import type { AppConfig } from '../config/env.ts';
import type { Pool } from '../db/pool.ts';

/** pg-boss keeps its tables in this schema of the app's database. */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/**
 * How a queue's jobs are retried and taken back: `retryLimit` retries, `retryDelay` seconds apart
 * (doubling up to `retryDelayMax` with `retryBackoff`), and a job active for longer than
 * `expireInSeconds` is taken from its (presumably dead) worker and retried.
 */
export type RetryPolicy = Required<
  Pick<Queue, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax' | 'expireInSeconds'>
>;

/**
 * A queue: its name, the shape of its jobs' data, and its retry policy (which may depend on configuration).
 * `oneAtATime` makes it a pg-boss `singleton` queue: one job active at a time across every instance
 * (set when the queue is created; pg-boss cannot change it afterwards).
 */
export type JobQueue<Data> = {
  name: string;
  data: z.ZodType<Data>;
  policy: (config: AppConfig) => RetryPolicy;
  oneAtATime?: boolean;
};

/** Declares a queue; the sender and the workers create it in pg-boss on first use. */
export function defineQueue<Data>(queue: {
  name: string;
  data: z.ZodType<Data>;
  policy: RetryPolicy | ((config: AppConfig) => RetryPolicy);
  oneAtATime?: boolean;
}): JobQueue<Data> {
  const { policy } = queue;
  return { ...queue, policy: typeof policy === 'function' ? policy : () => policy };
}

/**
 * How long pg-boss keeps its copies of jobs, set explicitly rather than left to its defaults (which have
 * changed between versions). A finished job (completed, failed or cancelled) is deleted 3 days after it
 * finished: long enough to look into a failure, and the modules keep their own record (lab_job, sms rows)
 * under the product's retention (README "Data lifecycle"). A job still waiting (created or retry) is
 * dropped after 14 days (the lab reconciler queues a lab job again when its queue job is missing).
 */
export const JOB_RETENTION = {
  deleteAfterSeconds: 3 * 24 * 3_600,
  retentionSeconds: 14 * 24 * 3_600,
} as const satisfies Pick<Queue, 'deleteAfterSeconds' | 'retentionSeconds'>;

/** The queue's pg-boss settings; `notify` wakes listening workers the moment a job is sent. */
export function queueOptions(queue: JobQueue<unknown>, config: AppConfig): Omit<Queue, 'name' | 'policy'> {
  return { ...queue.policy(config), ...JOB_RETENTION, notify: true };
}

/**
 * Creates the queue, or brings an existing one (made by an earlier version) to the current settings:
 * pg-boss's createQueue leaves an existing queue as it is.
 */
export async function ensureQueue(
  boss: Pick<PgBoss, 'createQueue' | 'updateQueue'>,
  queue: JobQueue<unknown>,
  config: AppConfig,
): Promise<void> {
  const options = queueOptions(queue, config);
  await boss.createQueue(queue.name, { ...options, ...(queue.oneAtATime ? { policy: 'singleton' } : {}) });
  await boss.updateQueue(queue.name, options);
}

/** pg-boss's database interface over anything with node-postgres' `query` (a pool, or a client in a transaction). */
export function asJobQueueDb(queryable: Pick<Pool, 'query'>): Db {
  return { executeSql: (text, values) => queryable.query(text, values as unknown[]) };
}
