import pg from 'pg';
import { type JobResult, PgBoss, type QueueResult, type WorkOptions } from 'pg-boss';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/env.ts';
import { connectionSettings, type Pool } from '../db/pool.ts';
import { observeJobs } from '../observability/jobs-observer.ts';
import { traceQueries } from '../observability/sql-spans.ts';
import { ensureQueue, JOB_QUEUE_SCHEMA, type JobQueue } from './job-queue.ts';

/** One delivery of a job: `retryCount` retries have happened, `retryLimit` are allowed. */
export type Job<Data> = {
  id: string;
  data: Data;
  retryCount: number;
  retryLimit: number;
  /** Aborted when the process stops while the job runs. */
  signal: AbortSignal;
};

/**
 * What the queue does with a job: `completed`, `failed` (retried while retries remain) or `deadletter`
 * (failed now: retrying cannot help). `output` is stored on the queue's job.
 */
export type JobOutcome = Omit<JobResult, 'id'>;

/** Handles a batch of jobs, answering one outcome per job, in order. */
export type JobHandler<Data> = (jobs: Job<Data>[]) => Promise<JobOutcome[]>;

export type WorkSettings = {
  /** Jobs fetched per claim, handled together. */
  batchSize?: number;
  /** Independent fetch loops in this process. */
  localConcurrency?: number;
};

export type JobWorkersOptions = {
  /** How often pg-boss looks for expired jobs (those whose worker died). */
  superviseIntervalSeconds?: number;
};

/**
 * The process's one pg-boss for workers, started when the first queue is worked on. Handlers get
 * `pool`, connections of their own (JOB_HANDLER_POOL_MAX, on the app pool's URL): a flood of API requests
 * queues on the app's pool, and a worker must not wait behind it to record a job's progress. pg-boss
 * itself (JOB_QUEUE_POOL_MAX, plus its LISTEN connection) goes to DATABASE_DIRECT_URL: it LISTENs.
 */
export class JobWorkers {
  /** The handlers' connections: the app pool's URL (a pooler's, possibly). */
  readonly #connection: pg.ClientConfig;
  /** pg-boss's: a session of its own. */
  readonly #direct: pg.ClientConfig;
  readonly #config: AppConfig;
  readonly #logger: Logger;
  readonly #options: Required<JobWorkersOptions>;
  #boss: Promise<PgBoss> | undefined;
  #pool: pg.Pool | undefined;
  /** Queues created (or brought to the current settings) by this pg-boss, once each. */
  #queues = new Map<string, Promise<void>>();

  constructor(appPool: Pool, config: AppConfig, logger: Logger, options: JobWorkersOptions = {}) {
    this.#connection = { ...connectionSettings(appPool, undefined), application_name: 'annie-job-worker' };
    this.#direct = {
      ...connectionSettings(appPool, config.DATABASE_DIRECT_URL),
      application_name: 'annie-job-worker',
    };
    this.#config = config;
    this.#logger = logger;
    this.#options = { superviseIntervalSeconds: 10, ...options };
  }

  /** The handlers' pool once opened (metrics read its counts; reading `pool` would open it). */
  get openedPool(): pg.Pool | undefined {
    return this.#pool;
  }

  /** pg-boss's counts of every queue (metrics); none before the workers started. */
  async queueCounts(): Promise<QueueResult[]> {
    const boss = await this.#boss;
    return boss ? boss.getQueues() : [];
  }

  /** Connections for the handlers' own database work. */
  get pool(): pg.Pool {
    if (!this.#pool) {
      this.#pool = new pg.Pool({
        ...this.#connection,
        max: this.#config.JOB_HANDLER_POOL_MAX,
        idleTimeoutMillis: 10_000,
      });
      this.#pool.on('error', () => {});
      traceQueries(this.#pool, { callbacks: true });
    }
    return this.#pool;
  }

  /**
   * Starts handling the queue's jobs a batch at a time. NOTIFY wakes the workers the moment a job is
   * queued (polling every second remains as a backstop, which is also how retries become due); full
   * batches are fetched back to back. Data that does not match the queue's schema is dead-lettered. A
   * handler that throws fails the whole batch, and pg-boss retries it.
   */
  async work<Data>(queue: JobQueue<Data>, settings: WorkSettings, handler: JobHandler<Data>): Promise<void> {
    const boss = await this.#ensureQueue(queue);
    const options = {
      batchSize: settings.batchSize ?? 10,
      localConcurrency: settings.localConcurrency ?? 2,
      pollingIntervalSeconds: 0.5,
      notifyPollingIntervalSeconds: 1,
      burstWhenBatchFull: true,
      includeMetadata: true,
      perJobResults: true,
    } as const satisfies WorkOptions;
    await boss.work<unknown, unknown, typeof options>(queue.name, options, async (batch) => {
      const valid: Job<Data>[] = [];
      const results = new Map<string, JobOutcome>();
      for (const job of batch) {
        const data = queue.data.safeParse(job.data);
        if (data.success) valid.push({ ...job, data: data.data });
        else results.set(job.id, { status: 'deadletter', output: { message: 'The job data is not valid' } });
      }
      const outcomes =
        valid.length > 0 ? await observeJobs(queue.name, valid.length, () => handler(valid)) : [];
      for (const [index, job] of valid.entries())
        results.set(job.id, outcomes[index] ?? { status: 'failed' });
      return batch.map(
        (job): JobResult => ({ id: job.id, ...(results.get(job.id) ?? { status: 'failed' }) }),
      );
    });
  }

  /**
   * Queues the queue's job of the current time slot (`slotSeconds` wide, counted from the epoch by the
   * database's clock) unless that slot already has one: pg-boss keeps one job per queue and slot
   * (its unique index on `singleton_on`), whichever instance asks and however often. Resolves to
   * whether this call created it.
   */
  async sendInSlot<Data>(queue: JobQueue<Data>, data: Data, slotSeconds: number): Promise<boolean> {
    const boss = await this.#ensureQueue(queue);
    const id = await boss.send(queue.name, queue.data.parse(data) as object, {
      ...queue.policy(this.#config),
      singletonSeconds: slotSeconds,
    });
    return id !== null;
  }

  /** Stops taking the queue's jobs, once those running have finished. */
  async stopWork(queue: JobQueue<unknown>): Promise<void> {
    const boss = await this.#boss;
    await boss?.offWork(queue.name, { wait: true });
  }

  /** Lets running jobs finish (up to SHUTDOWN_GRACE_MS), then closes pg-boss and the handlers' pool. */
  async stop(): Promise<void> {
    const boss = await this.#boss?.catch(() => undefined);
    this.#boss = undefined;
    this.#queues.clear();
    await boss?.stop({ graceful: true, timeout: this.#config.SHUTDOWN_GRACE_MS });
    await this.#pool?.end();
    this.#pool = undefined;
  }

  async #ensureQueue(queue: JobQueue<unknown>): Promise<PgBoss> {
    const boss = await this.#start();
    let ensured = this.#queues.get(queue.name);
    if (!ensured) {
      ensured = ensureQueue(boss, queue, this.#config).catch((error: unknown) => {
        this.#queues.delete(queue.name);
        throw error;
      });
      this.#queues.set(queue.name, ensured);
    }
    await ensured;
    return boss;
  }

  #start(): Promise<PgBoss> {
    this.#boss ??= (async () => {
      const boss = new PgBoss({
        ...this.#direct,
        schema: JOB_QUEUE_SCHEMA,
        max: this.#config.JOB_QUEUE_POOL_MAX,
        useListenNotify: true,
        schedule: false,
        superviseIntervalSeconds: this.#options.superviseIntervalSeconds,
        monitorIntervalSeconds: this.#options.superviseIntervalSeconds,
      });
      boss.on('error', (error) => this.#logger.error({ err: error }, 'job workers: pg-boss error'));
      boss.on('warning', (warning) => this.#logger.warn({ warning }, 'job workers: pg-boss warning'));
      await boss.start();
      return boss;
    })().catch((error: unknown) => {
      this.#boss = undefined;
      throw error;
    });
    return this.#boss;
  }
}
