import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startTestApp } from '../test/test-app.ts';
import type { TestClient } from '../test/test-client.ts';
import { openEventStream } from './modules/lab/testing/lab-test-helpers.ts';

const app = await startTestApp();
const database = new URL(app.databaseUrl).pathname.slice(1);
const admin = new pg.Client({ connectionString: inject('testDatabaseAdminUrl') });
await admin.connect();
afterAll(async () => {
  await admin.query(`alter database ${database} allow_connections true`);
  await admin.end();
});

/** Ends every connection the app holds to its database, as a restart or failover does. */
async function terminateBackends(): Promise<void> {
  await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
}

/** The database goes away: connections cut, new ones refused (55000 / "not accepting connections"). */
async function takeDatabaseDown(): Promise<void> {
  await admin.query(`alter database ${database} allow_connections false`);
  await terminateBackends();
}

async function bringDatabaseBack(): Promise<void> {
  await admin.query(`alter database ${database} allow_connections true`);
}

const user = await app.createUser();
// Signed in but never used since: its session is not in any cache, so reading it needs the database.
const fresh = async () => app.signedIn(user);

type Probe = {
  name: string;
  call: (client: TestClient) => Promise<{ status: number; headers: Headers; body: unknown }>;
};
const probes: Probe[] = [
  { name: 'session read (GET /api/auth/user)', call: (client) => client.get('/api/auth/user') },
  {
    name: 'login (rate limiter)',
    call: () => app.client().post('/api/login', { username: user.username, password: user.password }),
  },
  {
    name: 'ORM write (POST /api/knowledge/notes)',
    call: (client) => client.post('/api/knowledge/notes', { title: 'During the outage', body: 'b' }),
  },
  { name: 'plain-SQL read (GET /api/lab/jobs)', call: (client) => client.get('/api/lab/jobs') },
];

describe('the database goes away and comes back', () => {
  it('answers 503 with Retry-After and {message, code} on every path, then recovers without a restart', async () => {
    const clients = await Promise.all(probes.map(() => fresh()));
    await takeDatabaseDown();
    try {
      for (const [index, probe] of probes.entries()) {
        const response = await probe.call(clients[index] as TestClient);
        expect({ probe: probe.name, status: response.status }).toEqual({ probe: probe.name, status: 503 });
        expect(response.headers.get('retry-after')).toBe('5');
        expect(response.body).toEqual({
          message: 'The service is briefly unavailable. Please try again in a few seconds.',
          code: 'database_unavailable',
        });
      }
      const ready = await app.client().get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'unavailable',
        message: 'Database is not reachable',
        code: 'not_ready',
      });
    } finally {
      await bringDatabaseBack();
    }
    const client = await fresh();
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect((await client.post('/api/knowledge/notes', { title: 'After', body: 'b' })).status).toBe(201);
    expect((await client.get('/api/lab/jobs')).status).toBe(200);
    expect((await app.client().get('/readyz')).status).toBe(200);
    const titles = ((await client.get('/api/knowledge/notes')).body as { title: string }[]).map(
      (n) => n.title,
    );
    expect(titles).toEqual(['After']);
  });

  it('tells event-stream clients to resync once the listener is back', async () => {
    const client = await fresh();
    const stream = await openEventStream(client);
    try {
      await terminateBackends();
      await stream.next((event) => event.event === 'resync', 15_000);
    } finally {
      stream.close();
    }
  });
});
