import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LAB_JOB_SAMPLES, labJobSchema } from '@annie/contracts/lab';
import { startAgtFake } from '@annie/fakes/agt-fake';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { JobWorkers } from '../../jobs/job-workers.ts';
import { createLogger } from '../../lib/logger.ts';
import { startLabWorker } from './lab-worker.ts';
import { eventually, finishedJob, jobRow, openEventStream } from './testing/lab-test-helpers.ts';

const isStatus = (data: unknown, id: string, status: string) => {
  const event = data as { id?: string; status?: string };
  return event.id === id && event.status === status;
};

const fake = await startAgtFake();
const env = { AGT_BASE_URL: fake.url, AGT_API_KEY: 'crash-key', AGT_TIMEOUT_MS: '1000' };
const app = await startTestApp(env);
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
  await fake.close();
});

function startWorkerProcess(): Promise<ChildProcess> {
  const script = fileURLToPath(new URL('./testing/lab-worker-process.ts', import.meta.url));
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: String(app.pool.options.connectionString),
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  stops.push(async () => {
    child.kill('SIGKILL');
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`worker process exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
  });
}

describe('a worker that dies mid-job', () => {
  it('leaves the job to be taken back after its expiry and finished by another worker', async () => {
    const worker = await startWorkerProcess();
    fake.setMode({ kind: 'slow', ms: 60_000 });
    const client = await app.signedIn(await app.createUser());
    const stream = await openEventStream(client);
    stops.push(async () => stream.close());
    const response = await client.post('/api/lab/jobs', {
      type: 'formulate',
      payload: LAB_JOB_SAMPLES.formulate,
    });
    const { id } = labJobSchema.parse(response.body);
    await eventually(async () => ((await jobRow(app, id))?.status === 'running' ? true : undefined));
    // The other process's change reached this API's browsers through PostgreSQL NOTIFY.
    await stream.next((event) => isStatus(event.data, id, 'running'));
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.kill('SIGKILL');
    await exited;
    expect(await jobRow(app, id)).toMatchObject({ status: 'running', attempts: 1 });

    fake.setMode({ kind: 'normal' });
    // Workers of their own, which look for expired jobs every second rather than every ten.
    const workers = new JobWorkers(app.pool, app.config, createLogger('silent'), {
      superviseIntervalSeconds: 1,
    });
    const stopWorker = await startLabWorker({ ...app.deps, workers });
    stops.unshift(async () => {
      await stopWorker();
      await workers.stop();
    });
    const job = await finishedJob(client, id, 25_000);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2, error: null });
    await stream.next((event) => isStatus(event.data, id, 'succeeded'));
  }, 40_000);
});
