import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Stop } from '../../domain.ts';
import { defineQueue } from '../../jobs/job-queue.ts';
import type { JobSender } from '../../jobs/job-sender.ts';
import type { JobWorkers } from '../../jobs/job-workers.ts';

export const embeddedBackupQueue = defineQueue({
  name: 'embedded-backup',
  data: z.object({ day: z.iso.date() }),
  // A failed backup is tried twice more (5, then 10 minutes later); one running an hour is taken as dead.
  policy: { retryLimit: 2, retryDelay: 300, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 3_600 },
});

/** How often each instance makes sure today's backup is queued (a start, and then every hour). */
export const BACKUP_CHECK_INTERVAL_MS = 60 * 60_000;

/**
 * The job id of a day's backup, the same on every instance: pg-boss queues a job id once, so however
 * many instances ask for the day's backup, one job exists and one worker runs it.
 */
export function dailyBackupJobId(day: string): string {
  const hex = createHash('sha256').update(`annie-embedded-backup:${day}`).digest('hex');
  // Laid out as a UUID (version 4 and variant bits set), which pg-boss requires of an id.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Daily backups across every instance: each asks for today's at start and every hour (so a machine off
 * at night still gets its day's backup when it comes up), and the one job per day runs `backup` on
 * whichever instance takes it. A failure is logged as an error and retried by the queue.
 */
export async function startBackupSchedule(deps: {
  jobs: JobSender;
  workers: JobWorkers;
  logger: Logger;
  backup: () => Promise<string>;
  today?: () => string;
}): Promise<Stop> {
  const today = deps.today ?? (() => new Date().toISOString().slice(0, 10));
  await deps.workers.work(embeddedBackupQueue, { batchSize: 1, localConcurrency: 1 }, async (jobs) => {
    const outcomes = [];
    for (const job of jobs) {
      try {
        const file = await deps.backup();
        deps.logger.info({ file, day: job.data.day }, 'scheduled backup written');
        outcomes.push({ status: 'completed' as const });
      } catch (error) {
        deps.logger.error(
          { err: error, day: job.data.day, retriesLeft: job.retryLimit - job.retryCount },
          'SCHEDULED BACKUP FAILED: the embedded database was not backed up (see npm run annie -- doctor)',
        );
        outcomes.push({ status: 'failed' as const, output: { message: (error as Error).message } });
      }
    }
    return outcomes;
  });
  const ask = async () => {
    const day = today();
    await deps.jobs
      .send(embeddedBackupQueue, { day }, { id: dailyBackupJobId(day) })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'could not queue the daily backup'));
  };
  await ask();
  const timer = setInterval(() => void ask(), BACKUP_CHECK_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await deps.workers.stopWork(embeddedBackupQueue);
  };
}
