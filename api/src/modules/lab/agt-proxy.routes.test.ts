import { AGT_POST_PATHS } from '@annie/contracts/agt';
import { startAgtFake } from '@annie/fakes/agt-fake';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';

const fake = await startAgtFake({ apiKey: 'proxy-key' });
const app = await startTestApp({
  AGT_BASE_URL: fake.url,
  AGT_API_KEY: 'proxy-key',
  AGT_TIMEOUT_MS: '1000',
  AGT_MAX_RESPONSE_BYTES: '65536',
});
afterAll(() => fake.close());

const client = await app.signedIn(await app.createUser());

beforeEach(() => {
  fake.setMode({ kind: 'normal' });
  fake.received.length = 0;
});

describe('POST /api/agt/proxy', () => {
  it.each(AGT_POST_PATHS)('forwards POST %s with the body and the API key', async (path) => {
    const body = {
      compounds: ['Glycerin'],
      target: 'x',
      regulation: 'EU REACH',
      formula: 'Water',
      message: 'hi',
    };
    const response = await client.post('/api/agt/proxy', { path, method: 'POST', body });
    expect(response.status).toBe(200);
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]).toMatchObject({ method: 'POST', path, body });
    expect(fake.received[0]?.headers.authorization).toBe('Bearer proxy-key');
  });

  it('forwards a supplier search as GET with the name encoded', async () => {
    const response = await client.post('/api/agt/proxy', {
      path: '/suppliers/search/Citric Acid',
      method: 'GET',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ chemical: 'Citric Acid' });
    expect(fake.received[0]).toMatchObject({ method: 'GET', url: '/suppliers/search/Citric%20Acid' });
  });

  it.each([
    [{ path: 'http://127.0.0.1:1/formulation/generate', method: 'POST' }],
    [{ path: '//evil.example/formulation/generate', method: 'POST' }],
    [{ path: '/formulation/../admin', method: 'POST' }],
    [{ path: '/suppliers/search/../../admin', method: 'GET' }],
    [{ path: '/suppliers/search/%2e%2e%2fadmin', method: 'GET' }],
    [{ path: '/formulation%2fgenerate', method: 'POST' }],
    [{ path: '/formulation/generate?debug=1', method: 'POST' }],
    [{ path: '/suppliers/search/Glycerin?limit=1000', method: 'GET' }],
    [{ path: '\\\\evil.example\\formulation', method: 'POST' }],
    [{ path: '/formulation/generate', method: 'GET' }],
    [{ path: '/suppliers/search/Glycerin', method: 'POST' }],
    [{ path: '/admin/users', method: 'POST' }],
    [{ path: '/formulation/generate', method: 'DELETE' }],
    [{ path: '/formulation/generate' }],
    [{ method: 'POST' }],
    [{ path: '/formulation/generate', method: 'POST', headers: { Host: 'evil' } }],
    [{ path: '/suppliers/search/Glycerin', method: 'GET', body: { smuggled: true } }],
  ])('refuses %j with 400 and sends nothing', async (body) => {
    const response = await client.post('/api/agt/proxy', body);
    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe('string');
    expect(fake.received).toHaveLength(0);
  });

  it('passes a provider refusal on with its message', async () => {
    const response = await client.post('/api/agt/proxy', {
      path: '/formulation/generate',
      method: 'POST',
      body: { compounds: ['FAIL'], target: 'x' },
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: 'Compound "FAIL" is not in the ingredient database',
      code: 'provider_rejected',
    });
  });

  it.each([
    [{ kind: 'fail500' } as const, 502, 'provider_error'],
    [{ kind: 'malformedJson' } as const, 502, 'provider_error'],
    [{ kind: 'redirect' } as const, 502, 'provider_error'],
    [{ kind: 'oversized', bytes: 200_000 } as const, 502, 'provider_error'],
    [{ kind: 'slow', ms: 3_000 } as const, 504, 'provider_timeout'],
    [{ kind: 'fail4xx', status: 401, message: 'Bad key' } as const, 502, 'provider_error'],
  ])('answers a provider failure %j with %i', async (mode, status, code) => {
    fake.setMode(mode);
    const response = await client.post('/api/agt/proxy', { path: '/copilot/chat', method: 'POST', body: {} });
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
  });

  it('requires a session', async () => {
    const response = await app
      .client()
      .post('/api/agt/proxy', { path: '/copilot/chat', method: 'POST', body: {} });
    expect(response.status).toBe(401);
    expect(fake.received).toHaveLength(0);
  });
});
