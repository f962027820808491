import { type Clock, type Db, PgBoss, type Queue, type SendOptions } from 'pg-boss';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/env.ts';
import type { Pool } from '../../db/pool.ts';

/** pg-boss keeps its tables in this schema of the app's database. */
export const JOB_QUEUE_SCHEMA = 'pgboss';
/** The pg-boss queue lab jobs run on; a pg-boss job's id is its lab job's id. */
export const LAB_JOB_QUEUE = 'lab-job';

export type LabQueueData = { labJobId: string };

/** Retry and expiry of a lab job's pg-boss job. */
export type LabJobTiming = Required<
  Pick<SendOptions, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax' | 'expireInSeconds'>
>;

/**
 * Transient failures are retried 3 times with exponential backoff from 1 s (capped at 30 s). A job whose
 * worker stops answering is taken back once it has been active for longer than a provider call may take
 * (AGT_TIMEOUT_MS) plus a margin for the job's own database work.
 */
export function labJobTiming(config: Pick<AppConfig, 'AGT_TIMEOUT_MS'>): LabJobTiming {
  return {
    retryLimit: 3,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: 30,
    expireInSeconds: Math.ceil(config.AGT_TIMEOUT_MS / 1000) + 5,
  };
}

/** The queue's settings; `notify` wakes listening workers the moment a job is sent. */
export function labQueueOptions(timing: LabJobTiming): Omit<Queue, 'name'> {
  return { ...timing, notify: true };
}

/** pg-boss's database interface over anything with node-postgres' `query` (a pool, or a client in a transaction). */
export function asJobQueueDb(queryable: Pick<Pool, 'query'>): Db {
  return { executeSql: (text, values) => queryable.query(text, values as unknown[]) };
}

// The sender only inserts jobs; its housekeeping timers must not keep a process (or a test file) alive.
const unrefClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

/**
 * Sends lab jobs to pg-boss from the API process, inside the caller's transaction. It borrows the app's
 * pool (no connections of its own, no supervision: the worker does that) and starts on first use,
 * installing or migrating pg-boss's schema if needed.
 */
export class LabJobSender {
  readonly #boss: PgBoss;
  readonly #timing: LabJobTiming;
  #ready: Promise<void> | undefined;

  constructor(pool: Pool, timing: LabJobTiming, logger: Logger) {
    this.#timing = timing;
    this.#boss = new PgBoss({
      db: asJobQueueDb(pool),
      schema: JOB_QUEUE_SCHEMA,
      supervise: false,
      schedule: false,
      migrate: true,
      clock: unrefClock,
    });
    this.#boss.on('error', (error) => logger.warn({ err: error }, 'lab job sender: pg-boss error'));
  }

  /** Queues the lab job; with `db` (a transaction) the job exists only if that transaction commits. */
  async send(labJobId: string, db?: Db): Promise<void> {
    await this.#start();
    const data: LabQueueData = { labJobId };
    await this.#boss.send(LAB_JOB_QUEUE, data, { ...this.#timing, id: labJobId, ...(db ? { db } : {}) });
  }

  #start(): Promise<void> {
    this.#ready ??= (async () => {
      await this.#boss.start();
      await this.#boss.createQueue(LAB_JOB_QUEUE, labQueueOptions(this.#timing));
    })().catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }
}
