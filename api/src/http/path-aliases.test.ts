// The remote registry moved from /api/modules… to /api/remotes…; the old paths answer the same for one
// release, marked deprecated, and the OpenAPI document lists them as deprecated operations.
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import type { OpenApiDocument } from '../openapi/openapi-document.ts';
import { deprecatedPathOf, pathAliases } from './path-aliases.ts';

const app = await startTestApp();
let admin: TestClient;

beforeAll(async () => {
  admin = await app.signedIn(await app.createUser({ isAdmin: true }));
});

/** 2026-11-29T00:00:00Z, as RFC 9745's `Deprecation` date (seconds since the epoch). */
const DEPRECATED_ON = '@1795910400';

describe('/api/modules… as a deprecated alias of /api/remotes…', () => {
  it('answers the registry the same, saying it is deprecated and where it moved', async () => {
    const current = await app.client().get('/api/remotes');
    const old = await app.client().get('/api/modules');
    expect(current.status).toBe(200);
    expect(old.status).toBe(200);
    expect(old.body).toEqual(current.body);
    expect(old.headers.get('deprecation')).toBe(DEPRECATED_ON);
    expect(old.headers.get('link')).toBe('</api/remotes>; rel="successor-version"');
    expect(current.headers.get('deprecation')).toBeNull();
  });

  it('answers a nested path with its query, and its refusals, the same', async () => {
    const current = await admin.get('/api/remotes/releases?remote=lab');
    const old = await admin.get('/api/modules/releases?remote=lab');
    expect(old.status).toBe(200);
    expect(old.body).toEqual(current.body);
    expect(old.body.remotes.map((state: { remote: string }) => state.remote)).toEqual(['lab']);
    expect(old.headers.get('link')).toBe('</api/remotes/releases>; rel="successor-version"');
    // Signed out: the same 401 under both spellings.
    const refused = await app.client().get('/api/modules/releases');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual((await app.client().get('/api/remotes/releases')).body);
  });

  it('lets a deploy token through the gate on the old deploy path, as on the new one', async () => {
    const headers = { Authorization: 'Bearer annie_deploy_unknown' };
    const current = await app.client().request('POST', '/api/remotes/deploy/lab/activate', { headers });
    const old = await app.client().request('POST', '/api/modules/deploy/lab/activate', { headers });
    // 401 (the token is unknown), not the gate's 403 for a bearer credential outside a deploy path.
    expect(current.status).toBe(401);
    expect(old.status).toBe(401);
    expect(old.body).toEqual(current.body);
  });

  it('leaves other paths alone: /api/modulesX is no alias', async () => {
    const response = await app.client().get('/api/modulesX');
    expect(response.status).toBe(404);
    expect(response.headers.get('deprecation')).toBeNull();
  });

  it('documents every /api/remotes operation under /api/modules as deprecated', async () => {
    const document = (await admin.get<OpenApiDocument>('/api/openapi.json')).body;
    const current = Object.keys(document.paths).filter((path) => path.startsWith('/api/remotes'));
    expect(current).toContain('/api/remotes');
    expect(current).toContain('/api/remotes/deploy/{remote}/releases');
    for (const path of current) {
      const old = document.paths[path.replace('/api/remotes', '/api/modules')];
      expect(old, path).toBeDefined();
      for (const [method, operation] of Object.entries(document.paths[path] ?? {})) {
        expect(operation.deprecated, `${method} ${path}`).toBeUndefined();
        expect(old?.[method]).toMatchObject({ deprecated: true, responses: operation.responses });
      }
    }
    const operationIds = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });
});

describe('deprecatedPathOf and pathAliases', () => {
  it('maps a current path to its old spelling, whole segments only', () => {
    expect(deprecatedPathOf('/api/remotes')).toBe('/api/modules');
    expect(deprecatedPathOf('/api/remotes/releases/{remote}/activate')).toBe(
      '/api/modules/releases/{remote}/activate',
    );
    expect(deprecatedPathOf('/api/remotesX')).toBeUndefined();
    expect(deprecatedPathOf('/api/notes')).toBeUndefined();
  });

  it('is a middleware that rewrites only what falls under an old prefix', async () => {
    const middleware = pathAliases([{ old: '/old', current: '/new', deprecatedOn: '1970-01-02' }]);
    const headers: Record<string, string> = {};
    const ctx = { path: '/old/a', set: (name: string, value: string) => (headers[name] = value) };
    let seen = '';
    await middleware(ctx as never, async () => {
      seen = ctx.path;
    });
    expect(seen).toBe('/new/a');
    expect(headers).toEqual({ Deprecation: '@86400', Link: '</new/a>; rel="successor-version"' });
  });
});
