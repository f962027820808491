import { LAB_JOB_SAMPLES, labJobSchema } from '@annie/contracts/lab';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { AGT_NOT_CONFIGURED_MESSAGE } from '../../providers/agt/agt-client.ts';
import { finishedJob } from './testing/lab-test-helpers.ts';

// No AGT_BASE_URL / AGT_API_KEY: the provider is not configured.
const app = await startTestApp();
await app.startBackground();
afterAll(async () => {
  await app.stopBackground();
});
const client = await app.signedIn(await app.createUser());

describe('without chemistry provider configuration', () => {
  it('still queues jobs, which fail with a message naming the variables to set', async () => {
    const response = await client.post('/api/lab/jobs', {
      type: 'formulate',
      payload: LAB_JOB_SAMPLES.formulate,
    });
    expect(response.status).toBe(201);
    const job = await finishedJob(client, labJobSchema.parse(response.body).id);
    expect(job).toMatchObject({ status: 'failed', attempts: 1, error: AGT_NOT_CONFIGURED_MESSAGE });
    expect(AGT_NOT_CONFIGURED_MESSAGE).toContain('AGT_BASE_URL');
    expect(AGT_NOT_CONFIGURED_MESSAGE).toContain('AGT_API_KEY');
  });

  it('answers the proxy with 503 and the same message', async () => {
    const response = await client.post('/api/agt/proxy', { path: '/copilot/chat', method: 'POST', body: {} });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ message: AGT_NOT_CONFIGURED_MESSAGE, code: 'not_configured' });
  });

  it('refuses an unmapped path with 400 before looking at the configuration', async () => {
    const response = await client.post('/api/agt/proxy', { path: '/admin', method: 'POST', body: {} });
    expect(response.status).toBe(400);
  });
});
