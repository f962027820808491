import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LAB_JOB_SAMPLES } from '@annie/contracts/lab';
import type { RemoteRegistryResponse } from '@annie/contracts/remote-registry';
import { voiceTestSessionSchema } from '@annie/contracts/voice-session';
import { startAgtFake } from '@annie/fakes/agt-fake';
import { startOpenAIRealtimeFake } from '@annie/fakes/openai-realtime-fake';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type ApiProcess, startApiProcess } from '../test/api-process.ts';
import { LOADED_MACHINE_MARGIN_MS } from '../test/deadline.ts';
import { TestClient } from '../test/test-client.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { SESSION_CACHE_TTL_MS } from './http/session/session-store.ts';
import { eventually, openEventStream } from './modules/lab/testing/lab-test-helpers.ts';
import { publishRelease } from './modules/remote-releases/release.service.ts';
import { HOST_SHARED, testBuild } from './modules/remote-releases/testing/test-build.ts';

// Two API processes on one PostgreSQL, started together on an empty database (migrations and the first
// admin must happen once), behaving as one product.
const database = await createTestDatabase({ empty: true });
const fake = await startAgtFake();
const realtime = await startOpenAIRealtimeFake({ apiKey: 'sk-two-instances' });
const realtimeCa = join(tmpdir(), `realtime-fake-instances-${process.pid}.pem`);
writeFileSync(realtimeCa, realtime.ca);
const db = new pg.Client({ connectionString: database.url });
afterAll(async () => {
  await db.end();
  await fake.close();
  await realtime.close();
  await database.drop();
});
const PASSWORD = 'two-instances-admin';
const env = {
  DATABASE_URL: database.url,
  SESSION_SECRET: 'several-instances-secret-0123456789abcdef',
  ANNIE_ADMIN_PASSWORD: PASSWORD,
  AGT_BASE_URL: fake.url,
  AGT_API_KEY: 'two-instances-key',
  LOGIN_MAX_ATTEMPTS_PER_USER: '3',
  OPENAI_API_KEY: 'sk-two-instances',
  OPENAI_BASE_URL: realtime.baseURL,
  OPENAI_REALTIME_CA_FILE: realtimeCa,
};
const [one, two] = (await Promise.all([
  startApiProcess(['api/src/main.ts'], env),
  startApiProcess(['api/src/main.ts'], env),
])) as [ApiProcess, ApiProcess];
await db.connect();

/** A client of `api` carrying the cookies of `from` (the same browser, another instance behind the proxy). */
function sameBrowser(from: TestClient, api: ApiProcess): TestClient {
  const client = new TestClient(api.baseUrl);
  client.adoptCookies(from);
  return client;
}

/** Opens a WebSocket as a browser would; resolves once open, rejects with the refusal status. */
function openSocket(url: string, headers: Record<string, string>): Promise<WebSocket> {
  const ws = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_request, response) => reject(new Error(String(response.statusCode))));
    ws.once('error', reject);
  });
}

async function signedInOn(api: ApiProcess): Promise<TestClient> {
  const client = new TestClient(api.baseUrl);
  const response = await client.post('/api/login', { username: 'admin', password: PASSWORD });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return client;
}

describe('two API instances on one database', () => {
  it('started together on an empty database: one schema, one first admin', async () => {
    const { rows } = await db.query<{ count: string }>('select count(*) from app_user');
    expect(rows[0]?.count).toBe('1');
  });

  it('a session made on one works on the other', async () => {
    const onOne = await signedInOn(one);
    const onTwo = sameBrowser(onOne, two);
    const user = await onTwo.get('/api/auth/user');
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ username: 'admin' });
  });

  // Each instance caches a session it has read for CACHE_TTL_MS; the other hears of the logout over NOTIFY
  // (session-store.ts). Seen ended before that cache entry could have run out, it was the NOTIFY.
  it('logout on one ends the session on the other before its cached copy could expire', async () => {
    const onOne = await signedInOn(one);
    const onTwo = sameBrowser(onOne, two);
    const cachedFrom = Date.now();
    expect((await onTwo.get('/api/auth/user')).status).toBe(200);
    expect((await onOne.post('/api/logout')).status).toBeLessThan(300);
    await eventually(
      async () => ((await onTwo.get('/api/auth/user')).status === 401 ? true : undefined),
      cachedFrom + SESSION_CACHE_TTL_MS - Date.now(),
    );
  });

  it('a live event raised on one reaches the event-stream clients of the other', async () => {
    const onOne = await signedInOn(one);
    const stream = await openEventStream(sameBrowser(onOne, two));
    try {
      const created = await onOne.post('/api/lab/jobs', {
        type: 'formulate',
        payload: LAB_JOB_SAMPLES.formulate,
      });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      // 'queued' is raised by the insert, made by one; either worker may raise the statuses after it.
      await stream.next((event) => {
        const data = event.data as { id?: string; status?: string };
        return data.id === id && data.status === 'queued';
      });
    } finally {
      stream.close();
    }
  });

  it('each job runs once, whichever instance queued it and both workers polling', async () => {
    const clients = [await signedInOn(one), await signedInOn(two)];
    const before = fake.received.length;
    const ids: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const client = clients[index % 2] as TestClient;
      const created = await client.post('/api/lab/jobs', {
        type: 'formulate',
        payload: LAB_JOB_SAMPLES.formulate,
      });
      ids.push(created.body.id as string);
    }
    const finished = await eventually(async () => {
      const { rows } = await db.query<{ status: string; attempts: number }>(
        'select status, attempts from lab_job where id = any($1)',
        [ids],
      );
      return rows.every((row) => row.status === 'succeeded') && rows.length === ids.length ? rows : undefined;
    }, 30_000);
    expect(finished.map((row) => row.attempts)).toEqual(ids.map(() => 1));
    expect(fake.received.length - before).toBe(ids.length);
  }, 40_000);

  it('a Voice Console test ticket issued on one is accepted on the other, once, on either', async () => {
    const onOne = await signedInOn(one);
    const profile = await onOne.post('/api/voice/profiles', { name: 'Two instances', instructions: 'Hi.' });
    expect(profile.status).toBe(201);
    const started = await onOne.post(`/api/voice/profiles/${profile.body.id}/test`, undefined, {
      headers: { Origin: one.baseUrl },
    });
    expect(started.status).toBe(200);
    const { websocketUrl } = voiceTestSessionSchema.parse(started.body);
    const at = (api: ApiProcess) => {
      const url = new URL(websocketUrl);
      url.host = new URL(api.baseUrl).host;
      return url.toString();
    };
    // Behind the load balancer the page's origin stays the same whichever instance answers.
    const browser = { Cookie: onOne.cookieHeader, Origin: one.baseUrl };
    const socket = await openSocket(at(two), browser);
    await realtime.nextSession();
    socket.close();
    await expect(openSocket(at(two), browser)).rejects.toThrow('403');
    await expect(openSocket(at(one), browser)).rejects.toThrow('403');
  });

  // Each instance keeps the registry in memory; a trigger announces the activation to the other.
  it('a remote activated on one is served by the other within a second', async () => {
    const pool = new pg.Pool({ connectionString: database.url });
    try {
      const host = { shared: HOST_SHARED, allowedOrigins: [] };
      for (const version of ['5.0.0', '5.1.0'])
        await publishRelease(
          pool,
          { remote: 'lab', version, publishedBy: 'test', storage: 'database', files: testBuild('lab') },
          host,
        );
    } finally {
      await pool.end();
    }
    const onOne = await signedInOn(one);
    const onTwo = await signedInOn(two);
    const labOf = async (client: TestClient) =>
      ((await client.get('/api/remotes')).body as RemoteRegistryResponse).remotes.find(
        (remote) => remote.name === 'lab',
      );
    for (const version of ['5.0.0', '5.1.0']) {
      // From the activation being asked of one to the first answer of two that serves it: the promised
      // second, plus the loaded machine's margin (each look at two is a whole request); the wait itself
      // is bounded far above, so a slow run fails on the figure.
      const activating = performance.now();
      expect((await onOne.post('/api/remotes/releases/lab/activate', { version })).status).toBe(200);
      const servedAt = await eventually(
        async () => ((await labOf(onTwo))?.version === version ? performance.now() : undefined),
        10_000,
      );
      expect(servedAt - activating).toBeLessThan(1_000 + LOADED_MACHINE_MARGIN_MS);
    }
    const rollingBack = performance.now();
    expect((await onTwo.post('/api/remotes/releases/lab/rollback')).status).toBe(200);
    const rolledBackAt = await eventually(
      async () => ((await labOf(onOne))?.version === '5.0.0' ? performance.now() : undefined),
      10_000,
    );
    expect(rolledBackAt - rollingBack).toBeLessThan(1_000 + LOADED_MACHINE_MARGIN_MS);
  });

  it('login limits are shared: failures on either instance count together', async () => {
    const wrong = { username: 'admin', password: 'not-the-password' };
    expect((await new TestClient(one.baseUrl).post('/api/login', wrong)).status).toBe(401);
    expect((await new TestClient(two.baseUrl).post('/api/login', wrong)).status).toBe(401);
    expect((await new TestClient(one.baseUrl).post('/api/login', wrong)).status).toBe(401);
    const blocked = await new TestClient(two.baseUrl).post('/api/login', {
      username: 'admin',
      password: PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
