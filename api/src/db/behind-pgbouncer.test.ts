import { LAB_JOB_SAMPLES } from '@annie/contracts/lab';
import { startAgtFake } from '@annie/fakes/agt-fake';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.ts';
import { startPgBouncer } from '../../test/pgbouncer.ts';
import { TestClient } from '../../test/test-client.ts';
import { startThrowawayCluster } from '../../test/throwaway-cluster.ts';
import { isDatabaseOutage, isUnstorableValue } from '../lib/database-outage.ts';
import { eventually, openEventStream } from '../modules/lab/testing/lab-test-helpers.ts';

// Two instances whose request traffic goes through PgBouncer in transaction mode (each transaction may
// land on another server connection), with LISTEN, pg-boss and migrations on DATABASE_DIRECT_URL.
// PgBouncer reaches the server over its Unix socket: the server sees its connections without a client
// address, and the app's direct ones with one.
const POOLER_SIZE = 8;
const cluster = await startThrowawayCluster();
const bouncer = await startPgBouncer(cluster, POOLER_SIZE);
const fake = await startAgtFake();
const db = new pg.Client({ connectionString: cluster.url() });
await db.connect();
await db.query('create database annie');
afterAll(async () => {
  await db.end();
  await fake.close();
  await bouncer.stop();
  await cluster.stop();
});
const PASSWORD = 'behind-pgbouncer-admin';
const env = {
  DATABASE_URL: bouncer.url('annie'),
  DATABASE_DIRECT_URL: cluster.url('annie'),
  SESSION_SECRET: 'behind-pgbouncer-secret-0123456789abcdef',
  ANNIE_ADMIN_PASSWORD: PASSWORD,
  AGT_BASE_URL: fake.url,
  AGT_API_KEY: 'behind-pgbouncer-key',
};
const [one, two] = (await Promise.all([
  startApiProcess(['api/src/main.ts'], env),
  startApiProcess(['api/src/main.ts'], env),
])) as [ApiProcess, ApiProcess];
const app = new pg.Client({ connectionString: cluster.url('annie') });
await app.connect();
// The last test restarts the server's sessions, these included.
app.on('error', () => {});
db.on('error', () => {});
afterAll(() => app.end());

async function signedInOn(api: ApiProcess, cookiesOf?: TestClient): Promise<TestClient> {
  const client = new TestClient(api.baseUrl);
  if (cookiesOf) {
    client.adoptCookies(cookiesOf);
    return client;
  }
  const response = await client.post('/api/login', { username: 'admin', password: PASSWORD });
  if (response.status !== 200)
    throw new Error(
      `login failed: ${response.status} ${JSON.stringify(api.logs.filter((line) => line.level === 50))}`,
    );
  return client;
}

describe('request traffic through PgBouncer in transaction mode', () => {
  it('two instances started together migrate once and make one first admin', async () => {
    const { rows } = await app.query<{ count: string }>('select count(*) from app_user');
    expect(rows[0]?.count).toBe('1');
  });

  it('refuses to start with only the pooler’s URL, naming DATABASE_DIRECT_URL as the fix', async () => {
    await expect(startApiProcess(['api/src/main.ts'], { ...env, DATABASE_DIRECT_URL: '' })).rejects.toThrow(
      /DATABASE_URL goes through a transaction pooler.*Set DATABASE_DIRECT_URL/s,
    );
    await expect(
      startApiProcess(['api/src/main.ts'], { ...env, DATABASE_DIRECT_URL: bouncer.url('annie') }),
    ).rejects.toThrow(/DATABASE_DIRECT_URL goes through a transaction pooler/);
  });

  it('sign-ins work whichever server connection each statement lands on (no named statements)', async () => {
    // The login limiter's library names its statements: each name would live on one server connection.
    for (let index = 0; index < 12; index += 1) await signedInOn(index % 2 === 0 ? one : two);
  });

  it('a logout on one ends the session on the other (NOTIFY reaches the direct LISTEN)', async () => {
    const onOne = await signedInOn(one);
    const onTwo = await signedInOn(two, onOne);
    expect((await onTwo.get('/api/auth/user')).status).toBe(200);
    expect((await onOne.post('/api/logout')).status).toBeLessThan(300);
    await eventually(async () => ((await onTwo.get('/api/auth/user')).status === 401 ? true : undefined));
  });

  it('jobs queued through the pooler run once each, and their live events reach the other instance', async () => {
    const onOne = await signedInOn(one);
    const stream = await openEventStream(await signedInOn(two, onOne));
    try {
      const ids: string[] = [];
      for (let index = 0; index < 10; index += 1) {
        const created = await onOne.post('/api/lab/jobs', {
          type: 'formulate',
          payload: LAB_JOB_SAMPLES.formulate,
        });
        expect(created.status).toBe(201);
        ids.push(created.body.id as string);
      }
      await stream.next((event) => (event.data as { id?: string }).id === ids[0]);
      const finished = await eventually(async () => {
        const { rows } = await app.query<{ status: string; attempts: number }>(
          'select status, attempts from lab_job where id = any($1)',
          [ids],
        );
        return rows.length === ids.length && rows.every((row) => row.status === 'succeeded')
          ? rows
          : undefined;
      }, 30_000);
      expect(finished.map((row) => row.attempts)).toEqual(ids.map(() => 1));
    } finally {
      stream.close();
    }
  }, 40_000);

  it('the server holds the pooler’s connections plus only the direct ones that need a session', async () => {
    const { rows } = await app.query<{ pooled: string; direct: string; listeners_direct: boolean }>(
      `select count(*) filter (where client_addr is null and backend_type = 'client backend' and pid <> pg_backend_pid()) as pooled,
              count(*) filter (where client_addr is not null and pid <> pg_backend_pid()) as direct,
              bool_and(client_addr is not null) filter (where application_name = 'annie-live-events') as listeners_direct
         from pg_stat_activity where datname = 'annie'`,
    );
    const row = rows[0];
    expect(Number(row?.pooled)).toBeLessThanOrEqual(POOLER_SIZE);
    // Per instance: pg-boss's pool (4 by default) and LISTEN, the live hub's LISTEN.
    expect(Number(row?.direct)).toBeLessThanOrEqual(2 * (4 + 2));
    expect(row?.listeners_direct).toBe(true);
  });
  it('a server connection PgBouncer loses mid-statement (a failover) is an outage (503), not bad input (last: the server restarts)', async () => {
    const client = new pg.Client({
      connectionString: bouncer.url('annie'),
      application_name: 'annie-lost-link',
    });
    await client.connect();
    client.on('error', () => {});
    try {
      const sleeping = client.query('select pg_sleep(30)').then(
        () => undefined,
        (error: unknown) => error,
      );
      // The server's end vanishes without a word, as a failed-over primary's does (HAProxy cuts it):
      // last in this file, since the server then restarts every session.
      const pid = await eventually(async () => {
        const { rows } = await app.query<{ pid: number }>(
          "select pid from pg_stat_activity where query = 'select pg_sleep(30)'",
        );
        return rows[0]?.pid;
      });
      process.kill(pid, 'SIGKILL');
      const error = await sleeping;
      expect(error).toMatchObject({ code: '08P01' });
      expect(isDatabaseOutage(error)).toBe(true);
      expect(isUnstorableValue(error)).toBe(false);
    } finally {
      await client.end().catch(() => {});
    }
  });
});
