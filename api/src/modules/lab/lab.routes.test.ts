// Not a package dependency of the API: the fakes are test-only, so tests reach them by path.

import {
  LAB_JOB_SAMPLES,
  LAB_JOB_TYPES,
  labJobEventSchema,
  labJobListSchema,
  labJobSchema,
} from '@annie/contracts/lab';
import { startAgtFake } from '@annie/fakes/agt-fake';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { finishedJob, openEventStream } from './testing/lab-test-helpers.ts';

const fake = await startAgtFake({ apiKey: 'lab-test-key' });
const app = await startTestApp({ AGT_BASE_URL: fake.url, AGT_API_KEY: 'lab-test-key' });
await app.startBackground();
afterAll(async () => {
  await app.stopBackground();
  await fake.close();
});

const alice = await app.createUser();
const aliceClient = await app.signedIn(alice);
const mallory = await app.createUser({ tenantId: 'other-tenant' });
const malloryClient = await app.signedIn(mallory);

async function queue(type: (typeof LAB_JOB_TYPES)[number], payload: unknown = LAB_JOB_SAMPLES[type]) {
  const response = await aliceClient.post('/api/lab/jobs', { type, payload });
  expect(response.status).toBe(201);
  return labJobSchema.parse(response.body);
}

describe('POST /api/lab/jobs and the worker', () => {
  it.each(LAB_JOB_TYPES)(
    'queues a %s job with its sample payload and stores the provider answer',
    async (type) => {
      const queued = await queue(type);
      expect(queued).toMatchObject({ type, status: 'queued', payload: LAB_JOB_SAMPLES[type], result: null });
      expect(queued.createdBy).toBe(alice.user.id);
      const done = await finishedJob(aliceClient, queued.id);
      expect(done.status).toBe('succeeded');
      expect(done.attempts).toBe(1);
      expect(done.error).toBeNull();
      expect(done.startedAt).not.toBeNull();
      expect(done.finishedAt).not.toBeNull();
      expect(done.result).not.toBeNull();
      const sent = fake.received.filter((request) => request.headers['idempotency-key'] === queued.id);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.headers.authorization).toBe('Bearer lab-test-key');
    },
  );

  it('calls the mapped provider path with the payload for each type', async () => {
    const formulation = await finishedJob(aliceClient, (await queue('formulate')).id);
    const request = fake.received.find((entry) => entry.headers['idempotency-key'] === formulation.id);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/formulation/generate',
      body: LAB_JOB_SAMPLES.formulate,
    });
    expect(formulation.result).toMatchObject({
      ingredients: LAB_JOB_SAMPLES.formulate.compounds.map((name) => ({ name })),
    });

    const search = await finishedJob(aliceClient, (await queue('supplier_search')).id);
    const searchRequest = fake.received.find((entry) => entry.headers['idempotency-key'] === search.id);
    expect(searchRequest).toMatchObject({
      method: 'GET',
      path: '/suppliers/search/Glycerin',
      body: undefined,
    });
    expect(searchRequest?.query.get('region')).toBe('EU');
    expect(searchRequest?.query.getAll('certification')).toEqual(['RSPO']);
  });

  it.each([
    [
      { type: 'water_test', payload: {} },
      'Type must be one of formulate, compliance_check, green_score, supplier_search',
    ],
    [{ type: 'formulate' }, 'Payload must be an object'],
    [
      { type: 'formulate', payload: { compounds: [], target: 'x' } },
      'Compounds must name at least one compound',
    ],
    [
      { type: 'green_score', payload: { formula: 'Water', target_score: 120 } },
      'Target score must be between 0 and 100',
    ],
    [{ type: 'supplier_search', payload: { chemical: '../admin' } }, 'Chemical may contain only letters'],
    [
      { type: 'compliance_check', payload: { ...LAB_JOB_SAMPLES.compliance_check, extra: 1 } },
      'Unrecognized key',
    ],
  ])('answers 400 for %j', async (body, message) => {
    const response = await aliceClient.post('/api/lab/jobs', body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.message).toContain(message);
  });

  it('never lets a client set the status or the result', async () => {
    const response = await aliceClient.post('/api/lab/jobs', {
      type: 'formulate',
      payload: LAB_JOB_SAMPLES.formulate,
      status: 'succeeded',
    });
    expect(response.status).toBe(400);
    const job = await queue('formulate');
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const change = await aliceClient.request(method, `/api/lab/jobs/${job.id}`, {
        body: { status: 'succeeded' },
      });
      expect([404, 405]).toContain(change.status);
    }
  });
});

describe('GET /api/lab/jobs and /api/lab/jobs/:id', () => {
  it('lists the tenant jobs newest first', async () => {
    const first = await queue('green_score');
    const second = await queue('compliance_check');
    const list = labJobListSchema.parse((await aliceClient.get('/api/lab/jobs')).body);
    const ids = list.map((job) => job.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const times = list.map((job) => job.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await aliceClient.get('/api/lab/jobs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await aliceClient.get('/api/lab/jobs/not-a-uuid')).status).toBe(404);
  });

  it('requires a session on every endpoint', async () => {
    const anonymous = app.client();
    const job = await queue('formulate');
    for (const path of [
      '/api/lab/jobs',
      `/api/lab/jobs/${job.id}`,
      `/api/lab/jobs/${job.id}/export`,
      '/api/lab/jobs/events',
    ]) {
      expect((await anonymous.get(path)).status).toBe(401);
    }
    expect(
      (await anonymous.post('/api/lab/jobs', { type: 'formulate', payload: LAB_JOB_SAMPLES.formulate }))
        .status,
    ).toBe(401);
  });
});

describe('GET /api/lab/jobs/:id/export', () => {
  it('downloads a succeeded job as <type>-<date>.json', async () => {
    const job = await finishedJob(aliceClient, (await queue('green_score')).id);
    const response = await aliceClient.get(`/api/lab/jobs/${job.id}/export`);
    expect(response.status).toBe(200);
    const day = job.finishedAt?.slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="green_score-${day}.json"`,
    );
    expect(response.body).toMatchObject({ id: job.id, type: 'green_score', result: job.result });
  });

  it('refuses to export a job that did not succeed', async () => {
    const failed = await finishedJob(
      aliceClient,
      (await queue('formulate', { compounds: ['FAIL'], target: 'x' })).id,
    );
    expect(failed.status).toBe('failed');
    const response = await aliceClient.get(`/api/lab/jobs/${failed.id}/export`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Only a succeeded lab job can be exported');
  });
});

describe('GET /api/lab/jobs/events', () => {
  it('pushes each status change of a new job', async () => {
    const stream = await openEventStream(aliceClient);
    try {
      const job = await queue('compliance_check');
      await stream.next(
        (event) =>
          labJobEventSchema.parse(event.data).id === job.id &&
          (event.data as { status: string }).status === 'succeeded',
      );
      const statuses = stream.events
        .filter((event) => (event.data as { id: string }).id === job.id)
        .map((event) => (event.data as { status: string }).status);
      expect(statuses).toEqual(['queued', 'running', 'succeeded']);
    } finally {
      stream.close();
    }
  });
});

describe('tenant isolation', () => {
  it('hides another tenant jobs from the list, the detail and the export', async () => {
    const job = await finishedJob(aliceClient, (await queue('formulate')).id);
    const list = labJobListSchema.parse((await malloryClient.get('/api/lab/jobs')).body);
    expect(list.map((entry) => entry.id)).not.toContain(job.id);
    expect((await malloryClient.get(`/api/lab/jobs/${job.id}`)).status).toBe(404);
    expect((await malloryClient.get(`/api/lab/jobs/${job.id}/export`)).status).toBe(404);
  });

  it('answers 403 when a user sends another tenant id, on every endpoint', async () => {
    const job = await queue('formulate');
    const headers = { 'X-Tenant-Id': alice.user.tenantId };
    for (const path of [
      '/api/lab/jobs',
      `/api/lab/jobs/${job.id}`,
      `/api/lab/jobs/${job.id}/export`,
      '/api/lab/jobs/events',
    ]) {
      expect((await malloryClient.get(path, { headers })).status).toBe(403);
    }
    const create = await malloryClient.post(
      '/api/lab/jobs',
      { type: 'formulate', payload: LAB_JOB_SAMPLES.formulate },
      { headers },
    );
    expect(create.status).toBe(403);
    await expect(openEventStream(malloryClient, headers)).rejects.toThrow('event stream answered 403');
  });

  it('creates jobs in the creator tenant and streams only that tenant events', async () => {
    const malloryStream = await openEventStream(malloryClient);
    try {
      const aliceJob = await queue('formulate');
      const response = await malloryClient.post('/api/lab/jobs', {
        type: 'formulate',
        payload: LAB_JOB_SAMPLES.formulate,
      });
      const malloryJob = labJobSchema.parse(response.body);
      await malloryStream.next((event) => (event.data as { id: string }).id === malloryJob.id);
      await finishedJob(aliceClient, aliceJob.id);
      const seen = malloryStream.events.map((event) => (event.data as { id: string }).id);
      expect(seen).not.toContain(aliceJob.id);
      expect((await aliceClient.get(`/api/lab/jobs/${malloryJob.id}`)).status).toBe(404);
    } finally {
      malloryStream.close();
    }
  });
});
