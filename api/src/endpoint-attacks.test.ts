// Every route in GET /api/openapi.json, attacked the same way, so a new route is covered by documenting
// it: anonymous → 401; a spoofed X-Tenant-Id / X-User-Id → 403; a regular user on an admin route → 403;
// another tenant's ids → 404 and its lists without them; every body → the fuzz set answers 4xx with
// {message, code} (or is accepted), never 5xx, and a refused request stores nothing.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databaseFingerprint } from '../test/attack/db-fingerprint.ts';
import { exampleOf, type JsonSchema } from '../test/attack/example-body.ts';
import { fuzzBodies } from '../test/attack/fuzz-bodies.ts';
import { startTestApp } from '../test/test-app.ts';
import type { TestClient } from '../test/test-client.ts';

type Operation = {
  'x-access': 'anonymous' | 'signed-in' | 'admin';
  parameters?: { name: string; in: string }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, unknown>;
};
type Route = { method: string; path: string; op: Operation };

const app = await startTestApp();
const adminA = await app.signedIn(await app.createUser({ tenantId: 'tenant-a', isAdmin: true }));
const userA = await app.signedIn(await app.createUser({ tenantId: 'tenant-a' }));
const adminB = await app.signedIn(await app.createUser({ tenantId: 'tenant-b', isAdmin: true }));
const document = (await adminA.get('/api/openapi.json')).body as {
  paths: Record<string, Record<string, Operation>>;
};
const routes: Route[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
);
const bodyOf = (route: Route) => route.op.requestBody?.content['application/json'].schema;
const paramsOf = (route: Route) => (route.op.parameters ?? []).filter((param) => param.in === 'path');
const label = (route: Route) => `${route.method} ${route.path}`;
// An event stream never ends by itself: it is probed for access, not read as a list.
const isStream = (route: Route) =>
  JSON.stringify(route.op.responses['200'] ?? {}).includes('text/event-stream');
// A browser callback (OAuth) sends an anonymous visitor to an error page instead of answering 401.
const redirects = (route: Route) => Object.keys(route.op.responses).some((status) => status.startsWith('3'));
const fill = (path: string, values: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? randomUUID()));

function call(
  client: TestClient,
  route: Route,
  options: { path?: string; raw?: string; headers?: Record<string, string> } = {},
) {
  const body = bodyOf(route);
  const raw = options.raw ?? (body ? JSON.stringify(exampleOf(body)) : undefined);
  return client.request(route.method, options.path ?? fill(route.path), {
    rawBody: raw,
    headers: { Accept: 'application/json', ...options.headers },
  });
}

// Tenant A's data: every body route without path params is called once with its example body.
const seeded: Record<string, unknown>[] = [];
for (const route of routes.filter(
  (each) => bodyOf(each) && paramsOf(each).length === 0 && each.method === 'POST',
)) {
  if (route.path === '/api/login' || route.path === '/api/logout') continue;
  const response = await call(adminA, route);
  if (response.status < 300 && response.body && typeof response.body === 'object') seeded.push(response.body);
}
const idsOfA = seeded.map((each) => each.id).filter((id): id is string => typeof id === 'string');

describe(`every documented route (${routes.length}) under attack`, () => {
  it('has routes to attack, and tenant A has data to steal', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(idsOfA.length).toBeGreaterThan(0);
  });

  it.each(
    routes
      .filter((route) => route.op['x-access'] !== 'anonymous')
      .map((route) => [label(route), route] as const),
  )('anonymous → 401: %s', async (_name, route) => {
    const response = await call(app.client(), route);
    if (redirects(route) && response.status >= 300 && response.status < 400) return;
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'unauthorized' });
  });

  const spoofable = routes.filter(
    (route) => route.op['x-access'] !== 'anonymous' && route.op.responses['403'],
  );
  it.each(spoofable.map((route) => [label(route), route] as const))(
    'spoofed tenant or user → 403: %s',
    async (_name, route) => {
      const spoofs: Record<string, string>[] = [{ 'X-Tenant-Id': 'tenant-b' }, { 'X-User-Id': randomUUID() }];
      for (const headers of spoofs) {
        const response = await call(adminA, route, { headers });
        // A WebSocket route refuses a plain GET (426) before it reads headers: nothing is served.
        if (response.status === 426) continue;
        expect({ headers, status: response.status }).toEqual({ headers, status: 403 });
      }
    },
  );

  const adminOnly = routes.filter((route) => route.op['x-access'] === 'admin');
  it.each(adminOnly.map((route) => [label(route), route] as const))(
    'regular user on an admin route → 403: %s',
    async (_name, route) => {
      expect((await call(userA, route)).status).toBe(403);
    },
  );

  const withIds = routes.filter(
    (route) => route.op['x-access'] !== 'anonymous' && paramsOf(route).length > 0 && !isStream(route),
  );
  it.each(withIds.map((route) => [label(route), route] as const))(
    "another tenant's ids → 404 or empty: %s",
    async (_name, route) => {
      for (const seed of seeded) {
        const entries = paramsOf(route).map(({ name }) => [name, seed[name] ?? seed.id] as const);
        if (entries.some(([, value]) => typeof value !== 'string' && typeof value !== 'number')) continue;
        const values = Object.fromEntries(entries.map(([name, value]) => [name, String(value)]));
        const response = await call(adminB, route, { path: fill(route.path, values) });
        const outcome = JSON.stringify({ values, status: response.status, code: response.body?.code });
        if (response.status < 300) {
          for (const id of idsOfA) expect(response.text, outcome).not.toContain(id);
        } else if (response.body?.code !== 'not_configured')
          expect([400, 404, 426], outcome).toContain(response.status);
      }
    },
  );

  const lists = routes.filter(
    (route) =>
      route.method === 'GET' &&
      route.op['x-access'] !== 'anonymous' &&
      paramsOf(route).length === 0 &&
      !isStream(route),
  );
  it.each(lists.map((route) => [label(route), route] as const))(
    "another tenant's lists leave tenant A out: %s",
    async (_name, route) => {
      const response = await call(adminB, route);
      for (const id of idsOfA) expect(response.text).not.toContain(id);
    },
  );

  const withBodies = routes.filter((route) => bodyOf(route));
  it.each(withBodies.map((route) => [label(route), route] as const))(
    'fuzzed bodies → 4xx, never 5xx, nothing stored: %s',
    async (_name, route) => {
      const client = route.op['x-access'] === 'anonymous' ? app.client() : adminA;
      for (const fuzz of fuzzBodies(bodyOf(route) as JsonSchema)) {
        const before = await databaseFingerprint(app.pool);
        const response = await call(client, route, { raw: fuzz.raw });
        const outcome = { fuzz: fuzz.name, status: response.status };
        expect(outcome.status, JSON.stringify(outcome)).toBeLessThan(500);
        if (response.status < 400) continue;
        expect(response.body, fuzz.name).toMatchObject({
          message: expect.any(String),
          code: expect.any(String),
        });
        const after = await databaseFingerprint(app.pool);
        const changed = after.split('\n').filter((line) => !before.includes(line));
        expect(changed, `${fuzz.name} (${response.status}) stored something`).toEqual([]);
      }
    },
    120_000,
  );
});
