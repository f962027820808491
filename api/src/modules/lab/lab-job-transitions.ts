import type { Pool } from '../../db/pool.ts';
import type { LabJobRow } from './lab-job.dto.ts';

// The worker's state changes, by job id (a job id is global, so no tenant condition is needed). Each one
// only applies from the states it may come from, which is what makes a repeated delivery harmless.

/** queued or running → running (a second delivery of a job whose worker died finds it running). */
export async function markRunning(pool: Pool, id: string): Promise<LabJobRow | undefined> {
  const { rows } = await pool.query<LabJobRow>(
    `update lab_job
        set status = 'running', attempts = attempts + 1,
            started_at = coalesce(started_at, clock_timestamp()), updated_at = clock_timestamp()
      where id = $1 and status in ('queued', 'running')
      returning *`,
    [id],
  );
  return rows[0];
}

/** running → succeeded with the provider's answer. */
export async function markSucceeded(pool: Pool, id: string, result: unknown): Promise<boolean> {
  const { rowCount } = await pool.query(
    `update lab_job
        set status = 'succeeded', result = $2, error = null,
            finished_at = clock_timestamp(), updated_at = clock_timestamp()
      where id = $1 and status = 'running'`,
    [id, JSON.stringify(result ?? null)],
  );
  return rowCount === 1;
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
