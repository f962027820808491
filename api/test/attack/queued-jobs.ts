import { expect, vi } from 'vitest';
import type { Pool } from '../../src/db/pool.ts';
import type { TestApp } from '../test-app.ts';

/** A job in the queue: its id, queue, data and state. */
export type QueuedJob = { id: string; name: string; data: unknown; state: string };

/** The ids of every job in the queue, whatever its tenant or state. */
export async function jobIds(pool: Pool): Promise<Set<string>> {
  const { rows } = await pool.query<{ id: string }>('select id from pgboss.job');
  return new Set(rows.map((row) => row.id));
}

/** The jobs queued since `before` was taken (their data whole: a job need not name its tenant). */
export async function jobsQueuedSince(pool: Pool, before: Set<string>): Promise<QueuedJob[]> {
  const { rows } = await pool.query<QueuedJob>('select id, name, data, state::text from pgboss.job');
  return rows.filter((job) => !before.has(job.id));
}

// A job still to run, or running; "retry" is due again after its delay.
const UNSETTLED = ['created', 'retry', 'active'];

/**
 * Runs the given jobs as production would: the app's workers start, every job is left to reach a final
 * state (completed, failed, cancelled), then the workers stop again so the walk's rows hold still.
 */
export async function runJobs(app: TestApp, jobs: QueuedJob[]): Promise<void> {
  const ids = jobs.map((job) => job.id);
  await app.startBackground();
  try {
    await vi.waitFor(
      async () => {
        const { rows } = await app.pool.query<{ state: string }>(
          'select state::text from pgboss.job where id = any($1::uuid[])',
          [ids],
        );
        expect(rows.filter((row) => UNSETTLED.includes(row.state))).toEqual([]);
      },
      { timeout: 30_000, interval: 50 },
    );
  } finally {
    await app.stopBackground();
  }
}
