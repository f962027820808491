import { randomUUID } from 'node:crypto';
import { type CreateLabJobRequest, LAB_JOB_LIST_LIMIT } from '@annie/contracts/lab';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { JobSender } from '../../jobs/job-sender.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { fromLabJobRow, type LabJobRecord } from './lab-job.dto.ts';
import { LabJob } from './lab-job.entity.ts';
import { insertLabJob } from './lab-job.queries.ts';
import { sendLabJob } from './lab-queue.ts';

export const LAB_JOB_NOT_FOUND = 'Lab job not found';

/**
 * Records a queued job and sends it to the queue in one transaction: either both exist or neither.
 * The status always starts as queued; only the worker changes it.
 */
export async function createLabJob(
  pool: Pool,
  jobs: JobSender,
  owner: { tenantId: string; userId: string },
  request: CreateLabJobRequest,
): Promise<LabJobRecord> {
  return inTransaction(pool, async (client) => {
    const row = await insertLabJob(client, {
      id: randomUUID(),
      tenantId: owner.tenantId,
      createdBy: owner.userId,
      type: request.type,
      payload: request.payload,
    });
    if (!row) throw new Error('insert into lab_job returned no row');
    await sendLabJob(jobs, row.id, client);
    return fromLabJobRow(row);
  });
}

/** The tenant's newest jobs first (the EntityManager carries the tenant filter). */
export function listLabJobs(em: EntityManager): Promise<LabJob[]> {
  return em.find(LabJob, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: LAB_JOB_LIST_LIMIT });
}

/** One of the tenant's jobs (its id already checked as a UUID); another tenant's job is simply not found. */
export async function getLabJob(em: EntityManager, id: string): Promise<LabJob> {
  const job = await em.findOne(LabJob, { id });
  if (!job) throw notFound(LAB_JOB_NOT_FOUND);
  return job;
}

export type LabJobExport = { filename: string; content: string };

/** A succeeded job as a JSON file named `<type>-<YYYY-MM-DD>.json` (the day it finished, UTC). */
export async function exportLabJob(em: EntityManager, id: string): Promise<LabJobExport> {
  const job = await getLabJob(em, id);
  if (job.status !== 'succeeded' || !job.finishedAt)
    throw conflict('Only a succeeded lab job can be exported');
  const content = {
    id: job.id,
    type: job.type,
    payload: job.payload,
    result: job.result,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt.toISOString(),
  };
  return {
    filename: `${job.type}-${job.finishedAt.toISOString().slice(0, 10)}.json`,
    content: `${JSON.stringify(content, null, 2)}\n`,
  };
}
