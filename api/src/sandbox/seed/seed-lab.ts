import type { Pool } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { JobSender } from '../../jobs/job-sender.ts';
import { sendLabJob } from '../../modules/lab/index.ts';
import { labPayloadOf, SEED_LAB_JOBS } from './seed-data.ts';
import { seedUuid } from './seed-ids.ts';

/**
 * Queues the sample lab jobs once (their ids are derived from the sample), each with its queue job in the
 * same transaction; the lab worker then runs them against the chemistry fake like any job.
 */
export async function seedLabJobs(
  pool: Pool,
  jobs: JobSender,
  owner: { tenantId: string; userId: string },
): Promise<number> {
  let added = 0;
  for (const sample of SEED_LAB_JOBS) {
    const id = seedUuid(owner.tenantId, sample.key);
    const queued = await inTransaction(pool, async (db) => {
      const { rowCount } = await db.query(
        `insert into lab_job (id, tenant_id, created_by, type, payload) values ($1, $2, $3, $4, $5)
         on conflict (id) do nothing`,
        [id, owner.tenantId, owner.userId, sample.type, JSON.stringify(labPayloadOf(sample.type))],
      );
      if (rowCount === 0) return false;
      await sendLabJob(jobs, id, db);
      return true;
    });
    if (queued) added += 1;
  }
  return added;
}
