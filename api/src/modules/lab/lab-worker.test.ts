import { randomUUID } from 'node:crypto';
import { LAB_JOB_SAMPLES, type LabJobType, labJobSchema } from '@annie/contracts/lab';
import { startAgtFake } from '@annie/fakes/agt-fake';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { JOB_QUEUE_SCHEMA } from '../../jobs/job-queue.ts';
import { createLogger } from '../../lib/logger.ts';
import { agtClientFromConfig } from '../../providers/agt/agt-client.ts';
import { ABANDONED_MESSAGE, reconcileLabJobs } from './lab-job-reconciler.ts';
import { runLabJob } from './lab-job-runner.ts';
import { successRecorder } from './lab-job-transitions.ts';
import { labJobQueue, sendLabJob } from './lab-queue.ts';
import { startLabWorker } from './lab-worker.ts';
import { eventually, finishedJob, jobRow, openEventStream } from './testing/lab-test-helpers.ts';

const fake = await startAgtFake();
const app = await startTestApp({
  AGT_BASE_URL: fake.url,
  AGT_API_KEY: 'worker-key',
  AGT_TIMEOUT_MS: '1000',
  AGT_MAX_RESPONSE_BYTES: '65536',
});
// Reconciliation (a schedule of its own, not started here) is driven by hand below.
const stopWorker = await startLabWorker(app.deps);
afterAll(async () => {
  await stopWorker();
  await fake.close();
});

const logger = createLogger('silent');
const owner = await app.createUser();
const client = await app.signedIn(owner);
const agt = agtClientFromConfig(app.config);
const sender = { send: (id: string) => sendLabJob(app.deps.jobs, id) };
const runner = { pool: app.pool, agt, logger, recordSuccess: successRecorder(app.pool) };

async function queue(type: LabJobType = 'formulate', payload: unknown = LAB_JOB_SAMPLES[type]) {
  const response = await client.post('/api/lab/jobs', { type, payload });
  expect(response.status).toBe(201);
  return labJobSchema.parse(response.body);
}

/** A job row the worker does not know about (no queue job), for driving the runner and reconciler by hand. */
async function insertRow(status: 'queued' | 'running' = 'queued'): Promise<string> {
  const id = randomUUID();
  await app.pool.query(
    `insert into lab_job (id, tenant_id, created_by, type, payload, status, updated_at)
     values ($1, $2, $3, 'formulate', $4, $5, clock_timestamp() - interval '1 hour')`,
    [id, owner.user.tenantId, owner.user.id, JSON.stringify(LAB_JOB_SAMPLES.formulate), status],
  );
  return id;
}

const callsFor = (id: string) => fake.received.filter((request) => request.headers['idempotency-key'] === id);

beforeEach(() => {
  fake.setMode({ kind: 'normal' });
});

describe('failure paths', () => {
  it('fails at once with the provider message on a 4xx', async () => {
    fake.setMode({ kind: 'fail4xx', status: 409, message: 'Formulation quota exceeded', times: 1 });
    const job = await finishedJob(client, (await queue()).id);
    expect(job).toMatchObject({
      status: 'failed',
      error: 'Formulation quota exceeded',
      attempts: 1,
      result: null,
    });
    expect(callsFor(job.id)).toHaveLength(1);
  });

  it('retries a 500 with backoff, showing the job as queued again meanwhile, then succeeds', async () => {
    const stream = await openEventStream(client);
    try {
      fake.setMode({ kind: 'fail500', times: 1 });
      const queued = await queue('compliance_check');
      const job = await finishedJob(client, queued.id, 15_000);
      expect(job).toMatchObject({ status: 'succeeded', attempts: 2, error: null });
      expect(callsFor(job.id)).toHaveLength(2);
      await stream.next(
        (event) =>
          (event.data as { id: string; status: string }).id === job.id &&
          (event.data as { status: string }).status === 'succeeded',
      );
      const statuses = stream.events
        .filter((event) => (event.data as { id: string }).id === job.id)
        .map((event) => (event.data as { status: string }).status);
      expect(statuses).toEqual(['queued', 'running', 'queued', 'running', 'succeeded']);
    } finally {
      stream.close();
    }
  });

  it('retries malformed JSON and succeeds', async () => {
    fake.setMode({ kind: 'malformedJson', times: 1 });
    const job = await finishedJob(client, (await queue('green_score')).id, 15_000);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('retries a provider timeout and succeeds', async () => {
    fake.setMode({ kind: 'slow', ms: 3_000 });
    const queued = await queue('supplier_search');
    await eventually(async () =>
      (await jobRow(app, queued.id))?.error?.includes('did not answer within 1000 ms') ? true : undefined,
    );
    fake.setMode({ kind: 'normal' });
    const job = await finishedJob(client, queued.id, 15_000);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it.each([
    [
      { kind: 'redirect' } as const,
      'The chemistry provider answered with a redirect (302), which is not followed',
    ],
    [
      { kind: 'oversized', bytes: 200_000 } as const,
      "The chemistry provider's answer is larger than 65536 bytes",
    ],
  ])('fails at once on %j', async (mode, message) => {
    fake.setMode(mode);
    const job = await finishedJob(client, (await queue()).id);
    expect(job).toMatchObject({ status: 'failed', error: message, attempts: 1 });
  });

  it('fails with the last transient error once the retries are used up', async () => {
    fake.setMode({ kind: 'fail500' });
    const id = await insertRow();
    const outcome = await runLabJob(runner, { id, retryCount: 3, retryLimit: 3 });
    expect(outcome).toEqual({ outcome: 'failed', message: 'The chemistry provider failed with 500' });
    expect(await jobRow(app, id)).toMatchObject({
      status: 'failed',
      error: 'The chemistry provider failed with 500',
    });
  });
});

describe('idempotency', () => {
  it('does nothing for a job delivered again after it finished', async () => {
    const job = await finishedJob(client, (await queue()).id);
    const before = callsFor(job.id).length;
    const outcome = await runLabJob(runner, { id: job.id, retryCount: 0, retryLimit: 3 });
    expect(outcome).toEqual({ outcome: 'completed' });
    expect(callsFor(job.id)).toHaveLength(before);
    expect((await jobRow(app, job.id))?.attempts).toBe(1);
  });

  it('runs a job again that a dead worker left running, and counts the attempt', async () => {
    const id = await insertRow('running');
    await app.pool.query('update lab_job set attempts = 1 where id = $1', [id]);
    expect(await runLabJob(runner, { id, retryCount: 1, retryLimit: 3 })).toEqual({
      outcome: 'completed',
    });
    expect(await jobRow(app, id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('queues a job id only once', async () => {
    const id = await insertRow();
    await sender.send(id);
    await sender.send(id);
    const { rows } = await app.pool.query(
      `select count(*)::int as count from ${JOB_QUEUE_SCHEMA}.job where id = $1`,
      [id],
    );
    expect(rows[0].count).toBe(1);
    expect((await finishedJob(client, id)).status).toBe('succeeded');
  });
});

describe('reconciliation', () => {
  const send = (id: string) => sender.send(id);

  it('fails a running job whose queue job ended, and queues again one whose queue job is missing', async () => {
    const abandoned = await insertRow('running');
    await sender.send(abandoned);
    await eventually(async () => ((await jobRow(app, abandoned))?.status === 'succeeded' ? true : undefined));
    // Simulate a worker that died on its last retry: the queue gave up, the row still says running.
    await app.pool.query(
      `update lab_job set status = 'running', updated_at = clock_timestamp() - interval '1 hour' where id = $1`,
      [abandoned],
    );
    await app.pool.query(`update ${JOB_QUEUE_SCHEMA}.job set state = 'failed' where name = $1 and id = $2`, [
      labJobQueue.name,
      abandoned,
    ]);
    const lost = await insertRow('running');

    const result = await reconcileLabJobs({ pool: app.pool, logger, send }, 30);
    expect(result).toEqual({ failed: 1, requeued: 1 });
    expect(await jobRow(app, abandoned)).toMatchObject({ status: 'failed', error: ABANDONED_MESSAGE });
    expect((await finishedJob(client, lost)).status).toBe('succeeded');
  });

  it('leaves recently touched jobs alone', async () => {
    const id = await insertRow('running');
    await app.pool.query('update lab_job set updated_at = clock_timestamp() where id = $1', [id]);
    expect(await reconcileLabJobs({ pool: app.pool, logger, send }, 30)).toEqual({ failed: 0, requeued: 0 });
    expect((await jobRow(app, id))?.status).toBe('running');
  });
});
