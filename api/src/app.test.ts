import { describe, expect, it } from 'vitest';
import { startTestApp } from '../test/test-app.ts';

const app = await startTestApp({ CORS_ORIGINS: 'http://trusted.test', BODY_LIMIT_BYTES: '2048' });

describe('error shapes', () => {
  it('answers malformed JSON with 400 and a message', async () => {
    const response = await app.client().request('POST', '/api/login', { rawBody: '{"username":' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Malformed JSON in request body', code: 'malformed_json' });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await app.client().post('/api/login', { username: 'a'.repeat(4096), password: 'b' });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'Request body is too large', code: 'payload_too_large' });
  });

  it('answers an unknown /api route with a JSON 404, not the app page', async () => {
    const response = await app.client().get('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.body).toEqual({ message: 'No route for GET /api/does-not-exist', code: 'not_found' });
  });

  it('never sends a stack trace', async () => {
    const response = await app.client().request('POST', '/api/login', { rawBody: '[1,2' });
    expect(response.text).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('security headers', () => {
  it('sends a CSP without unsafe-eval that forbids framing, and nosniff', async () => {
    const response = await app.client().get('/healthz');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('CORS', () => {
  it('allows a configured origin with credentials', async () => {
    const response = await app.client().request('OPTIONS', '/api/auth/user', {
      headers: { Origin: 'http://trusted.test', 'Access-Control-Request-Method': 'GET' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://trusted.test');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('gives no CORS grant to any other origin', async () => {
    const response = await app.client().request('OPTIONS', '/api/auth/user', {
      headers: { Origin: 'http://evil.test', 'Access-Control-Request-Method': 'GET' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('grants a configured origin on the request itself, not only on the preflight', async () => {
    const response = await app.client().get('/healthz', { headers: { Origin: 'http://trusted.test' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://trusted.test');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('vary')).toMatch(/\bOrigin\b/);
  });

  it('answers a request without an Origin with Vary: Origin and no CORS grant', async () => {
    const response = await app.client().get('/healthz');
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toMatch(/\bOrigin\b/);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('cross-site writes', () => {
  it('refuses a mutating request from a foreign Origin with 403', async () => {
    const user = await app.createUser();
    const client = await app.signedIn(user);
    const response = await client.post('/api/logout', undefined, { headers: { Origin: 'http://evil.test' } });
    expect(response.status).toBe(403);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('refuses a mutating request marked Sec-Fetch-Site: cross-site with 403', async () => {
    const response = await app
      .client()
      .post('/api/login', { username: 'x', password: 'y' }, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(response.status).toBe(403);
  });

  it('accepts the same origin and a configured origin', async () => {
    const user = await app.createUser();
    const client = await app.signedIn(user);
    expect((await client.post('/api/logout', undefined, { headers: { Origin: app.baseUrl } })).status).toBe(
      200,
    );
    const other = await app.signedIn(user);
    expect(
      (await other.post('/api/logout', undefined, { headers: { Origin: 'http://trusted.test' } })).status,
    ).toBe(200);
  });
});

describe('health', () => {
  it('/healthz answers while the process is up and /readyz while the database answers', async () => {
    expect((await app.client().get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await app.client().get('/readyz')).body).toMatchObject({ status: 'ready' });
  });
});

describe('remote registry (GET /api/remotes)', () => {
  it('lists every remote with its configured entry', async () => {
    const response = await app.client().get('/api/remotes');
    expect(response.status).toBe(200);
    expect(response.body.remotes.map((remote: { name: string }) => remote.name)).toEqual([
      'voice',
      'messaging',
      'lab',
      'knowledge',
      'workspace',
    ]);
    expect(response.body.remotes[0]).toEqual({
      name: 'voice',
      entry: '/remotes/voice/mf-manifest.json',
      version: 'local',
    });
  });
});
