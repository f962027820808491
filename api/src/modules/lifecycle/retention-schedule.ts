import type { Logger } from 'pino';
import type { RetentionRule } from '../../api-module.ts';
import type { Pool } from '../../db/pool.ts';
import { defineSchedule, type Schedule } from '../../jobs/define-schedule.ts';
import { enforceRetention } from './retention.queries.ts';

/** Often enough that expired sessions and counters do not pile up; the day-scale rules barely notice. */
export const RETENTION_INTERVAL_MS = 15 * 60_000;

/**
 * Enforces the declared retention rules every 15 minutes, once across instances (and at start when
 * the current period has not run yet). A failed run (database away) is logged and runs again next period.
 */
export function retentionSchedule(pool: Pool, logger: Logger, rules: readonly RetentionRule[]): Schedule {
  return defineSchedule({
    name: 'retention',
    every: RETENTION_INTERVAL_MS,
    run: async () => {
      const removed = await enforceRetention(pool, rules);
      const total = Object.values(removed ?? {}).reduce((sum, count) => sum + count, 0);
      if (total > 0) logger.info({ removed }, 'retention: expired data removed');
    },
  });
}
