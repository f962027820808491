import { databaseAnswers } from '../db/pool.ts';
import { observeApp } from './app-metrics.ts';
import { observeProviders, providerBasesOf } from './provider-observer.ts';

type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };

/** What createApp's deps offer the metrics (api-module.ts's ModuleDeps, seen structurally). */
type AppParts = {
  config: Partial<Record<string, unknown>>;
  pool: PoolCounts & { query: (text: string) => Promise<unknown> };
  lifecycle: { live: () => Record<string, number>; readonly draining: boolean };
  live: { subscriberCount: number };
  workers: {
    openedPool: PoolCounts | undefined;
    queueCounts: () => Promise<
      { name: string; queuedCount: number; activeCount: number; deferredCount: number }[]
    >;
  };
};

/**
 * A background part of the app: its gauges are read at each scrape while it runs. Its providers' base
 * URLs (the fakes', in tests and the sandbox) tell their requests apart from the rest.
 */
export function observedApp(parts: AppParts) {
  observeProviders(providerBasesOf(parts.config));
  return {
    routers: [],
    start: async () => {
      const stop = observeApp({
        pools: () => ({ app: parts.pool, jobs: parts.workers.openedPool }),
        live: () => parts.lifecycle.live(),
        liveHubListeners: () => parts.live.subscriberCount,
        queues: () => parts.workers.queueCounts(),
        ready: async () => !parts.lifecycle.draining && (await databaseAnswers(parts.pool).then(() => true)),
      });
      return async () => stop();
    },
  };
}
