import type { DomainDeps, DomainInstance, Stop } from './domain.ts';

/** The app's background work: every domain's `start`, and the shared hub and workers behind them. */
export type Background = {
  /** Starts every domain's background work (once). */
  start: () => Promise<void>;
  /** Ends the live streams, stops every domain's work (running jobs finish), then the job workers. */
  stop: Stop;
};

export function backgroundOf(instances: DomainInstance[], deps: DomainDeps): Background {
  let started: Promise<Stop[]> | undefined;
  return {
    start: async () => {
      started ??= Promise.all(
        instances.map((instance) => instance.start?.() ?? (async () => async () => {})()),
      );
      await started;
    },
    stop: async () => {
      const stops = (await started?.catch(() => [])) ?? [];
      started = undefined;
      await deps.live.close();
      await Promise.all(stops.map((stop) => stop()));
      await deps.workers.stop();
    },
  };
}
