import type { Pool } from '../../db/pool.ts';
import type { LabJobRow } from './lab-job.dto.ts';

// The worker's state changes, by job id (a job id is global, so no tenant condition is needed). Each one
// only applies from the states it may come from, which is what makes a repeated delivery harmless.

/**
 * queued or running → running, for a batch of jobs in one statement (a second delivery of a job whose
 * worker died finds it running). Jobs that already finished, or do not exist, are not returned.
 */
export async function markRunning(pool: Pool, ids: string[]): Promise<Map<string, LabJobRow>> {
  const { rows } = await pool.query<LabJobRow>(
    `update lab_job
        set status = 'running', attempts = attempts + 1,
            started_at = coalesce(started_at, clock_timestamp()), updated_at = clock_timestamp()
      where id = any($1::uuid[]) and status in ('queued', 'running')
      returning *`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** running → succeeded with the provider's answer, for many jobs in one statement; returns the ids it changed. */
export async function markSucceeded(
  pool: Pool,
  results: { id: string; result: unknown }[],
): Promise<Set<string>> {
  const { rows } = await pool.query<{ id: string }>(
    `update lab_job as job
        set status = 'succeeded', result = answer.result, error = null,
            finished_at = clock_timestamp(), updated_at = clock_timestamp()
       from unnest($1::uuid[], $2::jsonb[]) as answer (id, result)
      where job.id = answer.id and job.status = 'running'
      returning job.id`,
    [results.map((entry) => entry.id), results.map((entry) => JSON.stringify(entry.result ?? null))],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Collects the successes that arrive in the same turn of the event loop and records them with one
 * statement: a batch's provider calls tend to finish together, and each still lands within a tick.
 */
export function successRecorder(pool: Pool): (id: string, result: unknown) => Promise<boolean> {
  let pending: {
    id: string;
    result: unknown;
    resolve: (changed: boolean) => void;
    reject: (error: unknown) => void;
  }[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    markSucceeded(pool, batch).then(
      (changed) => {
        for (const entry of batch) entry.resolve(changed.has(entry.id));
      },
      (error: unknown) => {
        for (const entry of batch) entry.reject(error);
      },
    );
  };
  return (id, result) =>
    new Promise((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ id, result, resolve, reject });
    });
}

/** running → queued again, remembering why, while it waits for its retry. */
export async function markRetrying(pool: Pool, id: string, error: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `update lab_job set status = 'queued', error = $2, updated_at = clock_timestamp()
      where id = $1 and status = 'running'`,
    [id, error],
  );
  return rowCount === 1;
}

/** queued or running → failed with a message for the user. */
export async function markFailed(pool: Pool, id: string, error: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `update lab_job
        set status = 'failed', error = $2, finished_at = clock_timestamp(), updated_at = clock_timestamp()
      where id = $1 and status in ('queued', 'running')`,
    [id, error],
  );
  return rowCount === 1;
}
