import type { Logger } from 'pino';
import { defineSchedule, type Schedule } from '../../jobs/define-schedule.ts';

/** A day: backups run once a UTC day, across every instance. */
export const BACKUP_PERIOD_MS = 24 * 3_600_000;

/**
 * Daily backups across every instance: one run per UTC day (the schedule's period), on whichever
 * instance takes it. Every instance asks for the day's run at start and then every 30 s, so a machine
 * off at midnight still gets its day's backup when it comes up. A failure is logged as an error and
 * tried twice more (5, then 10 minutes later); a backup running an hour is taken as dead.
 */
export function backupSchedule(deps: {
  logger: Logger;
  backup: () => Promise<string>;
  today?: () => string;
}): Schedule {
  const today = deps.today ?? (() => new Date().toISOString().slice(0, 10));
  return defineSchedule({
    name: 'embedded-backup',
    every: BACKUP_PERIOD_MS,
    retry: { retryLimit: 2, retryDelay: 300, retryBackoff: true, retryDelayMax: 600 },
    expireInSeconds: 3_600,
    run: async ({ retriesLeft }) => {
      try {
        const file = await deps.backup();
        deps.logger.info({ file, day: today() }, 'scheduled backup written');
      } catch (error) {
        deps.logger.error(
          { err: error, day: today(), retriesLeft },
          'SCHEDULED BACKUP FAILED: the embedded database was not backed up (see npm run annie -- doctor)',
        );
        throw error;
      }
    },
  });
}
