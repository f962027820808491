import type { Db, Queue } from 'pg-boss';
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

/** A queue: its name, the shape of its jobs' data, and its retry policy (which may depend on configuration). */
export type JobQueue<Data> = {
  name: string;
  data: z.ZodType<Data>;
  policy: (config: AppConfig) => RetryPolicy;
};

/** Declares a queue; the sender and the workers create it in pg-boss on first use. */
export function defineQueue<Data>(queue: {
  name: string;
  data: z.ZodType<Data>;
  policy: RetryPolicy | ((config: AppConfig) => RetryPolicy);
}): JobQueue<Data> {
  const { policy } = queue;
  return { ...queue, policy: typeof policy === 'function' ? policy : () => policy };
}

/** The queue's pg-boss settings; `notify` wakes listening workers the moment a job is sent. */
export function queueOptions(queue: JobQueue<unknown>, config: AppConfig): Omit<Queue, 'name'> {
  return { ...queue.policy(config), notify: true };
}

/** pg-boss's database interface over anything with node-postgres' `query` (a pool, or a client in a transaction). */
export function asJobQueueDb(queryable: Pick<Pool, 'query'>): Db {
  return { executeSql: (text, values) => queryable.query(text, values as unknown[]) };
}
