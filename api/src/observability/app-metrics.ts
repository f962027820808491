import { Gauge } from 'prom-client';
import { boundedName, registry } from './metrics.ts';

/** A pg pool's counts, as pg.Pool keeps them. */
type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };
type QueueCounts = { name: string; queuedCount: number; activeCount: number; deferredCount: number };

/** What one app (createApp) lets the metrics read at scrape time; tests create several apps per process. */
export type ObservedApp = {
  pools: () => Record<string, PoolCounts | undefined>;
  /** Live work by kind (phone calls, console tests, browser-call sidebands): InstanceLifecycle.live. */
  live: () => Record<string, number>;
  /** Subscribers of the live hub (tenant subscribers and process-wide listeners). */
  liveHubListeners: () => number;
  /** What /readyz says: the database answers and the instance is not draining. */
  ready: () => Promise<boolean>;
  /** pg-boss's queue counts, [] before the workers started. */
  queues: () => Promise<QueueCounts[]>;
};

const apps = new Set<ObservedApp>();
// A scrape must not hang on a database that is away: the queue depths are skipped after this.
const QUEUE_READ_MS = 2_000;

const sum = (read: (app: ObservedApp) => number) => [...apps].reduce((total, app) => total + read(app), 0);

new Gauge({
  name: 'annie_live_work',
  help: 'Live work this instance carries, by kind: phone calls, console tests, browser-call sidebands',
  labelNames: ['kind'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const app of apps)
      for (const [kind, count] of Object.entries(app.live())) this.inc({ kind: boundedName(kind) }, count);
  },
});

new Gauge({
  name: 'annie_db_pool_connections',
  help: 'Database pool connections by pool and state: total, idle, and requests waiting for one',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const app of apps)
      for (const [pool, counts] of Object.entries(app.pools())) {
        if (!counts) continue;
        this.inc({ pool, state: 'total' }, counts.totalCount);
        this.inc({ pool, state: 'idle' }, counts.idleCount);
        this.inc({ pool, state: 'waiting' }, counts.waitingCount);
      }
  },
});

new Gauge({
  name: 'annie_ready',
  help: 'Whether the instance takes new work: 1 when its database answers and it is not draining (as /readyz)',
  registers: [registry],
  async collect() {
    const answers = await Promise.all(
      [...apps].map((app) =>
        readWithin(
          app.ready().then((ready) => [ready]),
          QUEUE_READ_MS,
        ),
      ),
    );
    this.set(answers.length > 0 && answers.every((answer) => answer[0] === true) ? 1 : 0);
  },
});

new Gauge({
  name: 'annie_live_hub_listeners',
  help: 'Subscribers to the live hub (browsers listening for changes, process-wide listeners)',
  registers: [registry],
  collect() {
    this.set(sum((app) => app.liveHubListeners()));
  },
});

new Gauge({
  name: 'annie_job_queue_depth',
  help: "Jobs in each queue (the whole fleet's, as pg-boss counts them), by state: queued, active, deferred",
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const app of apps) {
      const queues = await readWithin(app.queues(), QUEUE_READ_MS);
      for (const queue of queues) {
        const name = boundedName(queue.name);
        this.set({ queue: name, state: 'queued' }, queue.queuedCount);
        this.set({ queue: name, state: 'active' }, queue.activeCount);
        this.set({ queue: name, state: 'deferred' }, queue.deferredCount);
      }
    }
  },
});

function readWithin<T>(reading: Promise<T[]>, ms: number): Promise<T[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T[]>((resolve) => {
    timer = setTimeout(() => resolve([]), ms);
  });
  return Promise.race([reading.catch(() => []), late]).finally(() => clearTimeout(timer));
}

/** Lets the metrics read the app's gauges; the returned function stops it (the app's background stops). */
export function observeApp(app: ObservedApp): () => void {
  apps.add(app);
  return () => apps.delete(app);
}
