import type { Pool } from '../../db/pool.ts';
import { runScoped, tenantSql } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/transaction.ts';
import { JOB_QUEUE_SCHEMA } from '../../jobs/job-queue.ts';
import type { LabJobRow } from './lab-job.dto.ts';

const INSERT_LAB_JOB_SQL = tenantSql(`
  insert into lab_job (tenant_id, id, created_by, type, payload)
  values ($1, $2, $3, $4, $5) returning *`);

/** A new queued job of the owner's tenant. */
export async function insertLabJob(
  db: Queryable,
  job: { id: string; tenantId: string; createdBy: string; type: string; payload: unknown },
): Promise<LabJobRow | undefined> {
  const rows = await runScoped<LabJobRow>(db, { tenantId: job.tenantId }, INSERT_LAB_JOB_SQL, [
    job.id,
    job.createdBy,
    job.type,
    JSON.stringify(job.payload),
  ]);
  return rows[0];
}

// Plain SQL, not tenant-scoped: the worker and the reconciler act on jobs of every tenant, by job id
// (a job id is global). Each change only applies from the states it may come from, which is what
// makes a repeated delivery harmless.

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

export type StaleLabJob = { id: string; status: 'queued' | 'running'; state: string | null };

/** Unfinished jobs untouched for `graceSeconds` whose queue job (named `queueName`) ended or is missing. */
export async function staleLabJobs(
  pool: Pool,
  queueName: string,
  graceSeconds: number,
): Promise<StaleLabJob[]> {
  const { rows } = await pool.query<StaleLabJob>(
    `select l.id, l.status, j.state::text as state
       from lab_job l
       left join ${JOB_QUEUE_SCHEMA}.job j on j.name = $1 and j.id = l.id
      where l.status in ('queued', 'running')
        and l.updated_at < clock_timestamp() - make_interval(secs => $2)
        and (j.id is null or j.state in ('completed', 'failed', 'cancelled'))
      order by l.updated_at
      limit 500`,
    [queueName, graceSeconds],
  );
  return rows;
}

/** queued or running → queued, before the job is sent to the queue again. */
export async function markRequeued(pool: Pool, id: string): Promise<void> {
  await pool.query(
    `update lab_job set status = 'queued', updated_at = clock_timestamp()
      where id = $1 and status in ('queued', 'running')`,
    [id],
  );
}
