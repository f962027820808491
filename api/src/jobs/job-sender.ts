import { type Clock, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/env.ts';
import type { Pool } from '../db/pool.ts';
import type { Queryable } from '../db/transaction.ts';
import { asJobQueueDb, ensureQueue, JOB_QUEUE_SCHEMA, type JobQueue } from './job-queue.ts';

// The sender only inserts jobs; its housekeeping timers must not keep a process (or a test file) alive.
const unrefClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export type SendOptions = {
  /** A client inside the caller's transaction: the job then exists only if that transaction commits. */
  db?: Queryable;
  /** The job's id (a UUID); sending the same id twice queues it once. */
  id?: string;
};

/**
 * Sends jobs from the API process, one per app. It borrows the app's pool (no connections of its own, no
 * supervision: the workers do that) and starts on first use, installing or migrating pg-boss's schema
 * and creating each queue the first time it is sent to.
 */
export class JobSender {
  readonly #boss: PgBoss;
  readonly #config: AppConfig;
  readonly #queues = new Map<string, Promise<void>>();
  #ready: Promise<void> | undefined;

  constructor(pool: Pool, config: AppConfig, logger: Logger) {
    this.#config = config;
    this.#boss = new PgBoss({
      db: asJobQueueDb(pool),
      schema: JOB_QUEUE_SCHEMA,
      supervise: false,
      schedule: false,
      migrate: true,
      clock: unrefClock,
    });
    this.#boss.on('error', (error) => logger.warn({ err: error }, 'job sender: pg-boss error'));
  }

  /** Queues one job after checking its data against the queue's schema. */
  async send<Data>(queue: JobQueue<Data>, data: Data, options: SendOptions = {}): Promise<void> {
    const checked = queue.data.parse(data);
    await this.#ensureQueue(queue);
    await this.#boss.send(queue.name, checked as object, {
      ...queue.policy(this.#config),
      ...(options.id ? { id: options.id } : {}),
      ...(options.db ? { db: asJobQueueDb(options.db) } : {}),
    });
  }

  #start(): Promise<void> {
    this.#ready ??= this.#boss.start().then(
      () => undefined,
      (error: unknown) => {
        this.#ready = undefined;
        throw error;
      },
    );
    return this.#ready;
  }

  #ensureQueue(queue: JobQueue<unknown>): Promise<void> {
    let created = this.#queues.get(queue.name);
    if (!created) {
      created = this.#start()
        .then(() => ensureQueue(this.#boss, queue, this.#config))
        .catch((error: unknown) => {
          this.#queues.delete(queue.name);
          throw error;
        });
      this.#queues.set(queue.name, created);
    }
    return created;
  }
}
