import type { ModuleDeps, ModuleInstance, Stop } from './api-module.ts';
import { Scheduler } from './jobs/define-schedule.ts';

/** The app's background work: every module's `start` and schedules, and the shared hub and workers behind them. */
export type Background = {
  /** Starts every module's background work and schedules (once). */
  start: () => Promise<void>;
  /**
   * Ends the live streams, stops every module's work and schedules (running jobs and runs finish),
   * then the job workers.
   */
  stop: Stop;
};

export function backgroundOf(instances: ModuleInstance[], deps: ModuleDeps): Background {
  let started: Promise<Stop[]> | undefined;
  const scheduler = new Scheduler(deps.workers, deps.logger);
  return {
    start: async () => {
      started ??= (async () => {
        const stops = await Promise.all(
          instances.map((instance) => instance.start?.() ?? (async () => async () => {})()),
        );
        await scheduler.start(instances.flatMap((instance) => instance.schedules ?? []));
        return [...stops, () => scheduler.stop()];
      })();
      await started;
    },
    stop: async () => {
      const stops = (await started?.catch(() => [() => scheduler.stop()])) ?? [];
      started = undefined;
      await deps.live.close();
      await Promise.all(stops.map((stop) => stop()));
      await deps.workers.stop();
    },
  };
}
