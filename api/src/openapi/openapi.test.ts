import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import type { AppState } from '../http/app-state.ts';
import { contractsOf } from '../http/define-route.ts';
import { namedSchemas } from './named-schemas.ts';
import { type OpenApiDocument, openApiPath, registeredRoutes } from './openapi-document.ts';

const app = await startTestApp();
const user = await app.signedIn(await app.createUser());
const admin = await app.signedIn(await app.createUser({ isAdmin: true }));
const anonymous = app.client();
const document = (await user.get<OpenApiDocument>('/api/openapi.json')).body;

/** The routers the Koa app really uses, found in its middleware (not in any list of ours). */
const routers = app.koa.middleware.flatMap((middleware) => {
  const { router, routers } = middleware as { router?: Router<AppState>; routers?: Router<AppState>[] };
  return routers ?? (router ? [router] : []);
});
const routes = registeredRoutes(routers);

const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
);

/** The path with each `{param}` filled in with a well-formed id that names nothing. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, () => randomUUID());
/** Calls the route and returns its status (and error code); an event stream is not read, only opened. */
async function call(client: TestClient, method: string, path: string) {
  const identity = client.identity
    ? { 'X-Tenant-Id': client.identity.tenantId, 'X-User-Id': client.identity.userId }
    : {};
  const controller = new AbortController();
  const response = await fetch(`${app.baseUrl}${concrete(path)}`, {
    method: method.toUpperCase(),
    headers: { Cookie: client.cookieHeader, 'Content-Type': 'application/json', ...identity },
    body: method === 'get' ? undefined : '{}',
    redirect: 'manual',
    signal: controller.signal,
  });
  const json = response.headers.get('content-type')?.includes('application/json');
  const body = json ? ((await response.json()) as { code?: string }) : undefined;
  controller.abort();
  return { status: response.status, code: body?.code, location: response.headers.get('location') };
}

describe('GET /api/openapi.json', () => {
  it('is for signed-in users', async () => {
    expect((await anonymous.get('/api/openapi.json')).status).toBe(401);
    expect(document.openapi).toBe('3.1.0');
  });

  it('has an entry for every route any router of the app registers', () => {
    expect(routes.length).toBeGreaterThan(30);
    const undocumented = routes.filter((route) => !route.doc).map(({ method, path }) => `${method} ${path}`);
    expect(undocumented).toEqual([]);
    const documented = new Set(operations.map(({ method, path }) => `${method} ${path}`));
    expect(routes.filter(({ method, path }) => !documented.has(`${method} ${path}`))).toEqual([]);
    // Besides them, only the deprecated aliases of renamed paths (http/path-aliases.ts).
    expect(operations.filter(({ operation }) => !operation.deprecated)).toHaveLength(routes.length);
  });

  it('gives every operation its access level, its path params and the error shape', () => {
    for (const { path, operation } of operations) {
      expect(['anonymous', 'signed-in', 'admin']).toContain(operation['x-access']);
      const inPath = (operation.parameters as { name: string; in: string }[]).filter((p) => p.in === 'path');
      expect(inPath.map((param) => `{${param.name}}`).sort()).toEqual((path.match(/\{\w+\}/g) ?? []).sort());
      const responses = operation.responses as Record<
        string,
        { content?: Record<string, { schema: unknown }> }
      >;
      if (operation['x-access'] !== 'anonymous') {
        expect(responses[401]?.content?.['application/json']?.schema).toEqual({
          $ref: '#/components/schemas/ApiError',
        });
      }
    }
    expect(document.components).toMatchObject({
      schemas: { ApiError: { type: 'object', required: ['message', 'code'] } },
    });
  });

  it('describes requests with the schemas the routes parse with', () => {
    const createJob = document.paths['/api/lab/jobs']?.post as unknown as { requestBody: unknown };
    expect(JSON.stringify(createJob.requestBody)).toContain('compliance_check');
    const patchFact = document.paths['/api/knowledge/facts/{id}']?.patch as unknown as {
      parameters: unknown[];
    };
    expect(patchFact.parameters).toContainEqual({
      name: 'id',
      in: 'path',
      required: true,
      schema: expect.objectContaining({ format: 'uuid' }),
    });
    const search = document.paths['/api/knowledge/search']?.get as unknown as {
      parameters: { name: string }[];
    };
    expect(search.parameters.map((param) => param.name)).toContain('q');
  });
});

describe('named schemas', () => {
  const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;

  it('are components each operation refers to, recursive ones included', () => {
    const listFacts = document.paths['/api/knowledge/facts']?.get?.responses as Record<string, unknown>;
    expect(listFacts[200]).toMatchObject({
      content: {
        'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Fact' } } },
      },
    });
    expect(schemas.Fact).toMatchObject({ properties: { value: { $ref: '#/components/schemas/JsonValue' } } });
    expect(JSON.stringify(schemas.JsonValue)).toContain('"items":{"$ref":"#/components/schemas/JsonValue"}');
    expect(JSON.stringify(document)).not.toContain('$defs');
  });

  it('include every schema several operations answer with, alone or as the items of a list', () => {
    const answers = routes.flatMap(({ method, path, doc }) =>
      Object.values(doc?.responses ?? {}).flatMap(({ schema }) => {
        const answered = schema instanceof z.ZodArray ? (schema.element as z.ZodType) : schema;
        return answered ? [{ schema: answered, by: `${method} ${path}` }] : [];
      }),
    );
    const named = new Set(Object.values(namedSchemas));
    const unnamed = answers
      .filter(({ schema }) => !named.has(schema))
      .filter(({ schema, by }) => answers.some((other) => other.schema === schema && other.by !== by))
      .map(({ by }) => by);
    expect(unnamed).toEqual([]);
  });
});

describe('the documented access levels hold', () => {
  const guarded = operations.filter(({ operation }) => operation['x-access'] !== 'anonymous');
  const redirects = ({ operation }: (typeof operations)[number]) =>
    Object.hasOwn(operation.responses as object, '302');

  it.each(guarded.filter((entry) => !redirects(entry)))(
    '$method $path refuses anonymous callers with 401',
    async ({ method, path }) => {
      const response = await call(anonymous, method, path);
      expect(response.status).toBe(401);
      expect(response.code).toBe('unauthorized');
    },
  );

  it.each(guarded.filter(redirects))(
    '$method $path sends anonymous callers to the error page',
    async ({ method, path }) => {
      const response = await call(anonymous, method, path);
      expect(response.status).toBe(302);
      expect(response.location).toContain('reason=');
    },
  );

  it.each(operations.filter(({ operation }) => operation['x-access'] === 'signed-in'))(
    '$method $path lets any signed-in user past',
    async ({ method, path }) => {
      expect([401, 403]).not.toContain((await call(user, method, path)).status);
    },
  );

  it.each(operations.filter(({ operation }) => operation['x-access'] === 'admin'))(
    '$method $path refuses users who are not admins with 403, and lets admins past',
    async ({ method, path }) => {
      expect((await call(user, method, path)).status).toBe(403);
      // Past the access level; a route that also needs a fresh password confirmation says so instead.
      const asAdmin = await call(admin, method, path);
      if (asAdmin.status === 403) expect(asAdmin.code).toBe('password_confirmation_required');
    },
  );
});

describe('GET /api/docs', () => {
  it('serves the reference page to signed-in users, with scripts the CSP allows', async () => {
    expect((await anonymous.get('/api/docs')).status).toBe(401);
    const page = await user.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<script src="/api/docs/start.js">');
    expect(page.text).not.toMatch(/<script>/);
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'start.js']) {
      const asset = await user.get(`/api/docs/${file}`);
      expect(asset.status).toBe(200);
    }
    expect((await user.get('/api/docs/package.json')).status).toBe(404);
    expect((await anonymous.get('/api/docs/start.js')).status).toBe(401);
  });
});

describe('the route contracts', () => {
  it('are each registered exactly once by the app: every contract of every *-routes.ts module', async () => {
    const dir = fileURLToPath(new URL('../../../packages/contracts/src/', import.meta.url));
    const modules = readdirSync(dir).filter((name) => name.endsWith('-routes.ts'));
    expect(modules.length).toBeGreaterThan(20);
    const served = new Map<string, number>();
    for (const { method, path } of routes)
      served.set(`${method} ${path}`, (served.get(`${method} ${path}`) ?? 0) + 1);
    const counts: string[] = [];
    for (const name of modules) {
      // The sandbox's contracts are served by the sandbox server only (npm run sandbox), not by the app.
      if (name === 'sandbox-routes.ts') continue;
      const module = (await import(join(dir, name))) as object;
      for (const [exported, contract] of contractsOf(module)) {
        const key = `${contract.method} ${openApiPath(contract.path)}`;
        if (served.get(key) !== 1) counts.push(`${name} ${exported}: ${key} ×${served.get(key) ?? 0}`);
      }
    }
    expect(counts).toEqual([]);
  });
});
