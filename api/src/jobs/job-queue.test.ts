import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp } from '../../test/test-app.ts';
import { createLogger } from '../lib/logger.ts';
import { defineQueue, JOB_QUEUE_SCHEMA, JOB_RETENTION } from './job-queue.ts';
import { JobSender } from './job-sender.ts';
import { JobWorkers } from './job-workers.ts';

const app = await startTestApp();
const logger = createLogger('silent');
const workers = new JobWorkers(app.pool, app.config, logger);
afterAll(() => workers.stop());

const queue = defineQueue({
  name: 'retention-probe',
  data: z.object({ n: z.number() }),
  policy: { retryLimit: 1, retryDelay: 1, retryBackoff: true, retryDelayMax: 1, expireInSeconds: 30 },
});

async function retentionOf(name: string) {
  const { rows } = await app.pool.query<{ deletion_seconds: number; retention_seconds: number }>(
    `select deletion_seconds, retention_seconds from ${JOB_QUEUE_SCHEMA}.queue where name = $1`,
    [name],
  );
  return rows[0];
}

describe('job retention', () => {
  it('finished jobs are kept 3 days, waiting ones 14 days: set explicitly, not pg-boss defaults', () => {
    expect(JOB_RETENTION).toEqual({ deleteAfterSeconds: 259_200, retentionSeconds: 1_209_600 });
    // pg-boss's own default for finished jobs is 7 days; ours differs, so the check below can fail.
    expect(JOB_RETENTION.deleteAfterSeconds).not.toBe(604_800);
  });

  it('a queue created by the sender, and each job sent to it, carry the retention', async () => {
    await new JobSender(app.pool, app.config, logger).send(queue, { n: 1 });
    expect(await retentionOf(queue.name)).toEqual({
      deletion_seconds: 259_200,
      retention_seconds: 1_209_600,
    });
    const { rows } = await app.pool.query<{ deletion_seconds: number }>(
      `select deletion_seconds from ${JOB_QUEUE_SCHEMA}.job where name = $1`,
      [queue.name],
    );
    expect(rows.map((row) => row.deletion_seconds)).toEqual([259_200]);
  });

  it('a queue left with other settings by an earlier version is brought to them by the sender and the workers', async () => {
    const reset = () =>
      app.pool.query(
        `update ${JOB_QUEUE_SCHEMA}.queue set deletion_seconds = 604800, retention_seconds = 1 where name = $1`,
        [queue.name],
      );
    await reset();
    await new JobSender(app.pool, app.config, logger).send(queue, { n: 2 });
    expect(await retentionOf(queue.name)).toEqual({
      deletion_seconds: 259_200,
      retention_seconds: 1_209_600,
    });
    await reset();
    await workers.work(queue, {}, async (jobs) => jobs.map(() => ({ status: 'completed' as const })));
    expect(await retentionOf(queue.name)).toEqual({
      deletion_seconds: 259_200,
      retention_seconds: 1_209_600,
    });
  });
});
