import type { Logger } from 'pino';
import { z } from 'zod';
import { boundedName, scheduleRuns } from '../observability/metrics.ts';
import { defineQueue, type JobQueue, type RetryPolicy } from './job-queue.ts';
import type { JobWorkers } from './job-workers.ts';

/**
 * What a scheduled run gets: a signal aborted when the process stops while it runs, and how many
 * retries its period has left (0 unless the schedule has `retry`).
 */
export type ScheduleContext = { signal: AbortSignal; retriesLeft: number };

/**
 * Work that runs every `every` milliseconds (whole seconds), once per period across every instance
 * of the app, never two runs of it at the same time. `retry` (default: none, the next period runs
 * it again) and `expireInSeconds` (default: twice the period, at least a minute: a run active
 * longer is taken as dead and its job failed) come from pg-boss.
 */
export type Schedule = {
  name: string;
  every: number;
  run: (context: ScheduleContext) => Promise<unknown>;
  queue: JobQueue<Record<string, never>>;
};

// pg-boss wants a delay and its ceiling together with backoff, even for no retries.
const NO_RETRY: Omit<RetryPolicy, 'expireInSeconds'> = {
  retryLimit: 0,
  retryDelay: 1,
  retryBackoff: true,
  retryDelayMax: 1,
};

/**
 * Declares scheduled work. How it runs (see `Scheduler`): time is cut into slots `every` wide,
 * counted from the epoch by the database's clock; each instance asks pg-boss for the current slot's
 * job at start and then twice a slot (at most every 30 s), and pg-boss keeps one job per slot (its
 * unique index on the job's `singleton_on`), so however many instances ask, one job exists per
 * period and one worker runs it. The queue is a pg-boss `singleton` queue: a run still going when
 * the next period's job is queued holds that job back until it ends. A restart inside a period
 * finds its job already there and does not run it again.
 */
export function defineSchedule(schedule: {
  name: string;
  every: number;
  run: (context: ScheduleContext) => Promise<unknown>;
  retry?: Omit<RetryPolicy, 'expireInSeconds'>;
  expireInSeconds?: number;
}): Schedule {
  const { name, every, run } = schedule;
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Schedule name "${name}": lowercase letters, digits, -`);
  if (!Number.isInteger(every / 1_000) || every < 1_000) {
    throw new Error(`Schedule "${name}": every must be a whole number of seconds (in ms), got ${every}`);
  }
  const expireInSeconds = schedule.expireInSeconds ?? Math.max(60, (2 * every) / 1_000);
  const queue = defineQueue({
    name: `schedule.${name}`,
    data: z.object({}).strict() as z.ZodType<Record<string, never>>,
    policy: { ...(schedule.retry ?? NO_RETRY), expireInSeconds },
    oneAtATime: true,
  });
  return { name, every, run, queue };
}

/** How often an instance asks for a schedule's current job: twice a period, at most every 30 s. */
export function askInterval(every: number): number {
  return Math.min(every, 60_000) / 2;
}

/**
 * Runs the app's schedules on the process's job workers. `start` asks for each schedule's current
 * job once (so it has run or is queued when `start` resolves) and then keeps asking; `stop` stops
 * asking, then stops taking the schedules' jobs once the runs in progress have finished. A run that
 * throws is logged and its job failed; the next period runs it again.
 */
export class Scheduler {
  readonly #workers: JobWorkers;
  readonly #logger: Logger;
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #asking = new Set<Promise<unknown>>();
  #started: Schedule[] = [];
  #stopped = false;

  constructor(workers: JobWorkers, logger: Logger) {
    this.#workers = workers;
    this.#logger = logger;
  }

  async start(schedules: Schedule[]): Promise<void> {
    const names = new Set(this.#started.map((schedule) => schedule.name));
    for (const schedule of schedules) {
      if (names.has(schedule.name)) throw new Error(`Two schedules are named "${schedule.name}"`);
      names.add(schedule.name);
    }
    this.#stopped = false;
    for (const schedule of schedules) {
      this.#started.push(schedule);
      await this.#workers.work(schedule.queue, { batchSize: 1, localConcurrency: 1 }, async (jobs) => {
        const outcomes = [];
        for (const job of jobs) {
          outcomes.push(
            await this.#run(schedule, { signal: job.signal, retriesLeft: job.retryLimit - job.retryCount }),
          );
        }
        return outcomes;
      });
    }
    await Promise.all(schedules.map((schedule) => this.#ask(schedule)));
    for (const schedule of schedules) {
      const timer = setInterval(() => void this.#ask(schedule), askInterval(schedule.every));
      timer.unref();
      this.#timers.add(timer);
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers.clear();
    await Promise.all(this.#asking);
    const started = this.#started;
    this.#started = [];
    await Promise.all(started.map((schedule) => this.#workers.stopWork(schedule.queue)));
  }

  #ask(schedule: Schedule): Promise<unknown> {
    if (this.#stopped) return Promise.resolve();
    const asking = this.#workers
      .sendInSlot(schedule.queue, {}, schedule.every / 1_000)
      .catch((error: unknown) =>
        this.#logger.warn({ err: error, schedule: schedule.name }, 'schedule: could not queue its run'),
      )
      .finally(() => this.#asking.delete(asking));
    this.#asking.add(asking);
    return asking;
  }

  async #run(schedule: Schedule, context: ScheduleContext) {
    try {
      await schedule.run(context);
      scheduleRuns.inc({ schedule: boundedName(schedule.name), outcome: 'completed' });
      return { status: 'completed' as const };
    } catch (error) {
      scheduleRuns.inc({ schedule: boundedName(schedule.name), outcome: 'failed' });
      this.#logger.warn(
        { err: error, schedule: schedule.name, retriesLeft: context.retriesLeft },
        `scheduled ${schedule.name} failed (it runs again at its next retry or period)`,
      );
      return { status: 'failed' as const, output: { message: (error as Error).message } };
    }
  }
}
