import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/test-app.ts';
import { createLogger } from '../lib/logger.ts';
import { eventually } from '../modules/lab/testing/lab-test-helpers.ts';
import { askInterval, defineSchedule, type Schedule, Scheduler } from './define-schedule.ts';
import { JOB_QUEUE_SCHEMA } from './job-queue.ts';
import { JobWorkers } from './job-workers.ts';

// Each "instance" is what one app process has: its own pg-boss workers (own connections) and scheduler,
// all on one database, as several API processes share one.
const app = await startTestApp();
const logger = createLogger('silent');
const running: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of running) await stop();
});

function instance() {
  const workers = new JobWorkers(app.pool, app.config, logger);
  const scheduler = new Scheduler(workers, logger);
  const stop = async () => {
    await scheduler.stop();
    await workers.stop();
  };
  running.push(stop);
  return { scheduler, stop };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function jobsOf(schedule: Schedule) {
  const { rows } = await app.pool.query<{ state: string; slot: string }>(
    `select state, singleton_on::text as slot from ${JOB_QUEUE_SCHEMA}.job where name = $1 order by singleton_on`,
    [schedule.queue.name],
  );
  return rows;
}

describe('defineSchedule', () => {
  it('refuses names pg-boss cannot take and periods that are not whole seconds', () => {
    const run = async () => {};
    expect(() => defineSchedule({ name: 'Bad Name', every: 1_000, run })).toThrow(/lowercase/);
    expect(() => defineSchedule({ name: 'half', every: 1_500, run })).toThrow(/whole number of seconds/);
    expect(() => defineSchedule({ name: 'tiny', every: 0, run })).toThrow(/whole number of seconds/);
    expect(askInterval(15_000)).toBe(7_500);
    expect(askInterval(15 * 60_000)).toBe(30_000);
  });

  it('with two instances the work runs once per period, not once per instance', async () => {
    let runs = 0;
    const probe = defineSchedule({
      name: 'probe-once',
      every: 1_000,
      run: async () => {
        runs += 1;
      },
    });
    const a = instance();
    const b = instance();
    const from = Date.now();
    await Promise.all([a.scheduler.start([probe]), b.scheduler.start([probe])]);
    await sleep(3_300);
    await Promise.all([a.stop(), b.stop()]);
    const periods = Math.floor(Date.now() / 1_000) - Math.floor(from / 1_000) + 1;

    const jobs = await jobsOf(probe);
    // Each instance asked twice a period: without pg-boss's one job per slot there would be about four a period.
    expect(new Set(jobs.map((job) => job.slot)).size).toBe(jobs.length);
    expect(jobs.length).toBeLessThanOrEqual(periods);
    expect(jobs.length).toBeGreaterThanOrEqual(periods - 2);
    const completed = jobs.filter((job) => job.state === 'completed').length;
    expect(runs).toBe(completed);
    // At most the last period's job may still wait: it was queued as the instances stopped.
    expect(jobs.length - completed).toBeLessThanOrEqual(1);
  });

  it('never runs twice at the same time, even when a run outlasts its period', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const slow = defineSchedule({
      name: 'probe-slow',
      every: 1_000,
      run: async () => {
        active += 1;
        most = Math.max(most, active);
        await sleep(1_400);
        active -= 1;
        runs += 1;
      },
    });
    const a = instance();
    const b = instance();
    await Promise.all([a.scheduler.start([slow]), b.scheduler.start([slow])]);
    await eventually(async () => (runs >= 2 ? true : undefined), 10_000);
    await Promise.all([a.stop(), b.stop()]);
    expect(most).toBe(1);
  });

  it('after a restart within the period, the period’s run is not repeated', async () => {
    let runs = 0;
    const hourly = defineSchedule({
      name: 'probe-restart',
      every: 3_600_000,
      run: async () => {
        runs += 1;
      },
    });
    const first = instance();
    await first.scheduler.start([hourly]);
    await eventually(async () => (runs === 1 ? true : undefined));
    await first.stop();

    const second = instance();
    await second.scheduler.start([hourly]);
    // The second instance has asked (start waits for that) and works the queue: nothing new to run.
    await sleep(1_000);
    await second.stop();
    expect(runs).toBe(1);
    expect(await jobsOf(hourly)).toEqual([expect.objectContaining({ state: 'completed' })]);
  });

  it('stops cleanly: stop waits for the run in progress, and nothing is queued or run afterwards', async () => {
    let release: () => void = () => {};
    let runs = 0;
    let finished = 0;
    const held = defineSchedule({
      name: 'probe-stop',
      every: 1_000,
      run: async () => {
        runs += 1;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        finished += 1;
      },
    });
    const one = instance();
    await one.scheduler.start([held]);
    await eventually(async () => (runs === 1 ? true : undefined));
    let stopped = false;
    const stopping = one.scheduler.stop().then(() => {
      stopped = true;
    });
    await sleep(300);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(1);
    const jobsAtStop = (await jobsOf(held)).length;
    await sleep(askInterval(held.every) * 3);
    expect((await jobsOf(held)).length).toBe(jobsAtStop);
    expect(runs).toBe(1);
    await one.stop();
  });

  it('a run that throws is logged, and the next period runs it again', async () => {
    let runs = 0;
    const flaky = defineSchedule({
      name: 'probe-flaky',
      every: 1_000,
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('database away');
      },
    });
    const one = instance();
    await one.scheduler.start([flaky]);
    await eventually(async () => (runs >= 2 ? true : undefined), 5_000);
    await one.stop();
    const states = (await jobsOf(flaky)).map((job) => job.state);
    expect(states[0]).toBe('failed');
    expect(states).toContain('completed');
  });

  it("the app's background runner starts every module's schedules and stops them", async () => {
    await app.startBackground();
    const { rows } = await app.pool.query<{ name: string }>(
      `select name from ${JOB_QUEUE_SCHEMA}.queue where name like 'schedule.%' and name not like 'schedule.probe-%' order by name`,
    );
    // Without DATABASE_URL (an embedded database) the daily backup is one more.
    expect(rows.map((row) => row.name)).toEqual([
      'schedule.abandoned-browser-calls',
      'schedule.lab-reconcile',
      'schedule.phone-call-prices',
      'schedule.retention',
      'schedule.stale-phone-calls',
      'schedule.text-prices',
    ]);
    const ran = async () =>
      (
        await app.pool.query(
          `select 1 from ${JOB_QUEUE_SCHEMA}.job where name = 'schedule.retention' and state = 'completed'`,
        )
      ).rowCount;
    // The current period had not run: it runs at start.
    await eventually(async () => ((await ran()) === 1 ? true : undefined));
    await app.stopBackground();
  });
});
