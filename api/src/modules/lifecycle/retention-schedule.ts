import type { Logger } from 'pino';
import type { Pool } from '../../db/pool.ts';
import { enforceRetention } from './retention.ts';

/** Often enough that expired sessions and counters do not pile up; the day-scale rules barely notice. */
export const RETENTION_INTERVAL_MS = 15 * 60_000;

/**
 * Enforces the retention rules at start and then on a schedule, on every instance (one at a time wins
 * the lock). A failed run (database away) is logged and simply tried again next time.
 */
export function startRetentionSchedule(pool: Pool, logger: Logger, intervalMs = RETENTION_INTERVAL_MS) {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = enforceRetention(pool).then(
      (removed) => {
        const total = Object.values(removed ?? {}).reduce((sum, count) => sum + count, 0);
        if (total > 0) logger.info({ removed }, 'retention: expired data removed');
      },
      (error: unknown) => logger.warn({ err: error }, 'retention run failed; retrying on schedule'),
    );
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async function stopRetentionSchedule() {
    clearInterval(timer);
    await running;
  };
}
