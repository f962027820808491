// Every route in GET /api/openapi.json, attacked the same way, so a new route is covered by documenting
// it. Every provider is configured (loopback fakes) and every module holds tenant A's real data, made the
// way the product makes it. Anonymous → 401; a spoofed X-Tenant-Id / X-User-Id → 403; a regular user on
// an admin route → 403; a cross-site write → 403; tenant B aimed at tenant A's own ids → 404 (never a 400
// or 503 that would hide whether the id was found) and its lists without them; tenant A's other user aimed
// at its admin's personal data → 404; around every such request tenant A's rows must not change, nor after
// the jobs the request queued have run. Every
// body → the fuzz set answers 4xx with {message, code} (or is accepted, and then stored under the
// caller's tenant only, granting nobody anything), never 5xx, and a refused request stores nothing.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startAttackWorld } from '../test/attack/attack-world.ts';
import { databaseFingerprint } from '../test/attack/db-fingerprint.ts';
import { exampleOf, type JsonSchema } from '../test/attack/example-body.ts';
import { fuzzBodies } from '../test/attack/fuzz-bodies.ts';
import { jobIds, jobsQueuedSince, runJobs } from '../test/attack/queued-jobs.ts';
import {
  changedTables,
  strangerTenants,
  tenantFingerprint,
  tenantOwnedTables,
  tenantRowCounts,
} from '../test/attack/tenant-fingerprint.ts';
import { ROUTE_VALUES, ROUTES_WITHOUT_TENANT_DATA, seedTenantA } from '../test/attack/tenant-seeds.ts';
import type { TestClient, TestResponse } from '../test/test-client.ts';

type Operation = {
  'x-access': 'anonymous' | 'signed-in' | 'admin';
  parameters?: { name: string; in: string }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, unknown>;
};
type Route = { method: string; path: string; op: Operation };

const walkStarted = performance.now();
const world = await startAttackWorld();
const { app, adminA, memberA, adminB } = world;
const document = (await adminA.get('/api/openapi.json')).body as {
  paths: Record<string, Record<string, Operation>>;
};
const routes: Route[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
);
const seeded = await seedTenantA(world);
const tables = await tenantOwnedTables(app.pool);
const rowsOfA = await tenantRowCounts(app.pool, tables, 'tenant-a');
const seedingMs = Math.round(performance.now() - walkStarted);

// JSON bodies only: a multipart upload (the deploy API) is fuzzed by its own tests.
const bodyOf = (route: Route) => route.op.requestBody?.content['application/json']?.schema;
const paramsOf = (route: Route) => (route.op.parameters ?? []).filter((param) => param.in === 'path');
const label = (route: Route) => `${route.method} ${route.path}`;
const signedIn = (route: Route) => route.op['x-access'] !== 'anonymous';
const mutates = (route: Route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
// An event stream never ends by itself: it is probed for access, not read as a list.
const isStream = (route: Route) =>
  JSON.stringify(route.op.responses['200'] ?? {}).includes('text/event-stream');
// A browser callback (OAuth) sends an anonymous visitor to an error page instead of answering 401.
const redirects = (route: Route) => Object.keys(route.op.responses).some((status) => status.startsWith('3'));
const fill = (path: string, values: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? randomUUID()));
const withoutTenantData = (route: Route) =>
  ROUTES_WITHOUT_TENANT_DATA.some((pattern) => pattern.test(route.path));

/** The path parameters of a route filled with tenant A's seeded values of the right kind. */
function seededValuesOf(route: Route): Record<string, string> | undefined {
  const names = ROUTE_VALUES.find(([pattern]) => pattern.test(route.path))?.[1];
  if (!names) return undefined;
  const entries = paramsOf(route).map(({ name }) => [name, seeded.values[names[name] ?? ''] ?? ''] as const);
  return entries.every(([, value]) => value) ? Object.fromEntries(entries) : undefined;
}
const personal = (route: Route) =>
  paramsOf(route).some(({ name }) => {
    const names = ROUTE_VALUES.find(([pattern]) => pattern.test(route.path))?.[1] ?? {};
    return seeded.perUser.includes(names[name] ?? '');
  });
// Ids, not natural keys: another tenant may well echo a phone number or a fact key of its own.
const idsOfA = Object.values(seeded.values).filter((value) => /^[0-9a-f-]{36}$/.test(value));
const personalIdsOfA = seeded.perUser.map((name) => seeded.values[name] ?? '');

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

/**
 * Sends the request and fails if any of tenant A's rows (or jobs) changed meanwhile. A job the request
 * queued is an effect that comes later, whatever tenant it claims: it may not name tenant A or any of
 * A's ids, and it is run (the workers are otherwise stopped) before A's rows are compared.
 */
async function leavesTenantAAlone(request: () => Promise<TestResponse>): Promise<TestResponse> {
  const before = await tenantFingerprint(app.pool, tables, 'tenant-a');
  const jobsBefore = await jobIds(app.pool);
  const response = await request();
  const queued = await jobsQueuedSince(app.pool, jobsBefore);
  const aimedAtA = queued.filter((job) =>
    ['tenant-a', ...idsOfA].some((value) => JSON.stringify(job.data).includes(value)),
  );
  expect(aimedAtA, `${response.status} queued a job naming tenant A's data`).toEqual([]);
  if (queued.length > 0) await runJobs(app, queued);
  const after = await tenantFingerprint(app.pool, tables, 'tenant-a');
  expect(changedTables(before, after), `${response.status} changed tenant A's rows`).toEqual([]);
  return response;
}

describe(`every documented route (${routes.length}) under attack`, () => {
  it('has routes to attack, and tenant A has data in every tenant-owned table', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(tables.length).toBeGreaterThan(10);
    const empty = Object.entries(rowsOfA).filter(([, count]) => count === 0);
    expect(empty, 'tables with no row of tenant A: seed them in tenant-seeds.ts').toEqual([]);
    console.info(`attack walk: providers started and every module seeded in ${seedingMs} ms`);
  });

  it('aims every route with a path parameter at a seeded value of its own kind', () => {
    const unaimed = routes
      .filter((route) => signedIn(route) && paramsOf(route).length > 0 && !withoutTenantData(route))
      .filter((route) => !seededValuesOf(route))
      .map(label);
    expect(unaimed, 'add the value to ROUTE_VALUES (and seed it) in tenant-seeds.ts').toEqual([]);
  });

  it.each(routes.filter(signedIn).map((route) => [label(route), route] as const))(
    'anonymous → 401: %s',
    async (_name, route) => {
      const response = await call(app.client(), route, { path: fill(route.path, seededValuesOf(route)) });
      if (redirects(route) && response.status >= 300 && response.status < 400) return;
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'unauthorized' });
    },
  );

  const spoofable = routes.filter((route) => signedIn(route) && route.op.responses['403']);
  it.each(spoofable.map((route) => [label(route), route] as const))(
    'spoofed tenant or user → 403: %s',
    async (_name, route) => {
      const spoofs: Record<string, string>[] = [{ 'X-Tenant-Id': 'tenant-a' }, { 'X-User-Id': randomUUID() }];
      for (const headers of spoofs) {
        const response = await leavesTenantAAlone(() =>
          call(adminB, route, { headers, path: fill(route.path, seededValuesOf(route)) }),
        );
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
      const path = fill(route.path, seededValuesOf(route));
      const response = await leavesTenantAAlone(() => call(memberA, route, { path }));
      expect(response.status).toBe(403);
    },
  );

  it.each(routes.filter(mutates).map((route) => [label(route), route] as const))(
    'cross-site write → 403, nothing changed: %s',
    async (_name, route) => {
      const path = fill(route.path, seededValuesOf(route));
      const crossSite: Record<string, string>[] = [
        { Origin: 'http://evil.test' },
        { 'Sec-Fetch-Site': 'cross-site' },
      ];
      for (const headers of crossSite) {
        const response = await leavesTenantAAlone(() => call(adminA, route, { path, headers }));
        expect({ headers, status: response.status }).toEqual({ headers, status: 403 });
        expect(response.body.message).toMatch(/^Cross-(origin|site) requests are not allowed$/);
      }
      expect((await adminA.get('/api/auth/user')).status).toBe(200);
    },
  );

  const withIds = routes.filter(
    (route) => signedIn(route) && paramsOf(route).length > 0 && !isStream(route) && !withoutTenantData(route),
  );
  /** 404 (or a WebSocket's 426 where documented), or a 2xx answer that names none of A's ids. */
  function expectRefusedOrOwn(route: Route, response: TestResponse, ids: string[]) {
    const outcome = `${label(route)} → ${response.status} ${response.text.slice(0, 200)}`;
    if (response.status < 300) {
      for (const id of ids) expect(response.text, outcome).not.toContain(id);
      return;
    }
    const allowed = route.op.responses['426'] ? [404, 426] : [404];
    expect(allowed, outcome).toContain(response.status);
  }

  it.each(withIds.map((route) => [label(route), route] as const))(
    "another tenant aimed at tenant A's ids → 404, A untouched: %s",
    async (_name, route) => {
      const path = fill(route.path, seededValuesOf(route));
      const response = await leavesTenantAAlone(() => call(adminB, route, { path }));
      expectRefusedOrOwn(route, response, idsOfA);
    },
  );

  it.each(withIds.filter(personal).map((route) => [label(route), route] as const))(
    "tenant A's other user aimed at its admin's personal data → 404, untouched: %s",
    async (_name, route) => {
      const path = fill(route.path, seededValuesOf(route));
      const response = await leavesTenantAAlone(() => call(memberA, route, { path }));
      expectRefusedOrOwn(route, response, personalIdsOfA);
    },
  );

  const lists = routes.filter(
    (route) => route.method === 'GET' && signedIn(route) && paramsOf(route).length === 0 && !isStream(route),
  );
  it.each(lists.map((route) => [label(route), route] as const))(
    "another tenant's lists leave tenant A out (and its other user's, A's admin's personal data): %s",
    async (_name, route) => {
      const response = await leavesTenantAAlone(() => call(adminB, route));
      for (const id of idsOfA) expect(response.text).not.toContain(id);
      if (route.op['x-access'] === 'admin') return;
      const member = await leavesTenantAAlone(() => call(memberA, route));
      for (const id of personalIdsOfA) expect(member.text).not.toContain(id);
    },
  );

  const withBodies = routes.filter((route) => bodyOf(route));
  it.each(withBodies.map((route) => [label(route), route] as const))(
    'fuzzed bodies → 4xx, never 5xx; refused ones store nothing, accepted ones only for the caller: %s',
    async (_name, route) => {
      const client = signedIn(route) ? adminA : app.client();
      // Aimed at the caller's own records, so a body that gets through reaches the code that stores it.
      const path = fill(route.path, seededValuesOf(route));
      const admins = await app.pool.query('select id, tenant_id from app_user where is_admin order by id');
      const tenantB = await tenantFingerprint(app.pool, tables, 'tenant-b');
      for (const fuzz of fuzzBodies(bodyOf(route) as JsonSchema)) {
        const before = await databaseFingerprint(app.pool);
        const response = await call(client, route, { raw: fuzz.raw, path });
        const outcome = JSON.stringify({ fuzz: fuzz.name, status: response.status });
        expect(response.status, outcome).toBeLessThan(500);
        if (response.status < 400) {
          // A call the body placed goes on by itself: let it end before the next fingerprint.
          await world.callsEnded();
          expect(await strangerTenants(app.pool, tables, ['tenant-a', 'tenant-b']), outcome).toEqual([]);
          const adminsNow = await app.pool.query(
            'select id, tenant_id from app_user where is_admin order by id',
          );
          expect(adminsNow.rows, outcome).toEqual(admins.rows);
          const after = await tenantFingerprint(app.pool, tables, 'tenant-b');
          expect(changedTables(tenantB, after), `${outcome} changed tenant B's rows`).toEqual([]);
          continue;
        }
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

  it('reports the walk time', () => {
    console.info(`attack walk: ${Math.round(performance.now() - walkStarted)} ms in all`);
  });
});
