#!/usr/bin/env node
// Lab job throughput and pickup latency, end to end: starts the chemistry provider fake and the production
// API (with its pg-boss worker) on a database of its own on the local PostgreSQL, queues 1,000 jobs at once
// through POST /api/lab/jobs (the four types in turn), waits until every one has finished, and prints jobs/s
// and the queued→running times (median, p95). Then queues single jobs on an idle queue, one at a time, to
// show the wake-up latency. Usage: node scripts/bench/lab-jobs.mjs [--jobs N] [--keep (leave the database)]
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// pg is the API's dependency; resolve it from there rather than adding it to the root.
const pg = createRequire(join(ROOT, 'api/package.json'))('pg');
const { startAgtFake } = await import(join(ROOT, 'packages/fakes/src/agt-fake.ts'));
const { LAB_JOB_SAMPLES, LAB_JOB_TYPES } = await import(
  join(ROOT, 'packages/api-client/src/contracts/lab.ts')
);

const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'annie_bench_lab';
const API_PORT = 4192;
const BASE = `http://127.0.0.1:${API_PORT}`;
const PASSWORD = 'bench-admin-password';
const argument = (name) => process.argv[process.argv.indexOf(name) + 1];
const JOBS = process.argv.includes('--jobs') ? Number(argument('--jobs')) : 1000;
const KEEP = process.argv.includes('--keep');
const IDLE_SAMPLES = 20;
const TARGET_MEDIAN_PICKUP_MS = 1000;

function databaseUrl(name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (value) => `${Math.round(value)} ms`;

async function waitForReady(child) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('API not ready after 60 s');
}

async function signIn() {
  const response = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function queue(cookie, index) {
  const type = LAB_JOB_TYPES[index % LAB_JOB_TYPES.length];
  const response = await fetch(`${BASE}/api/lab/jobs`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ type, payload: LAB_JOB_SAMPLES[type] }),
  });
  if (response.status !== 201) throw new Error(`POST /api/lab/jobs answered ${response.status}`);
  return (await response.json()).id;
}

async function waitUntilFinished(db, ids, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query(
      `select count(*)::int as open from lab_job where id = any($1::uuid[]) and status in ('queued', 'running')`,
      [ids],
    );
    if (rows[0].open === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0].open} jobs still unfinished after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function timings(db, ids) {
  const { rows } = await db.query(
    `select status,
            extract(epoch from (started_at - created_at)) * 1000 as pickup_ms,
            extract(epoch from (finished_at - created_at)) * 1000 as total_ms,
            created_at, finished_at
       from lab_job where id = any($1::uuid[])`,
    [ids],
  );
  return rows;
}

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`drop database if exists ${DATABASE} with (force)`);
await admin.query(`create database ${DATABASE}`);
const fake = await startAgtFake();
const api = spawn(process.execPath, ['api/src/main.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(API_PORT),
    DATABASE_URL: databaseUrl(DATABASE),
    DATA_DIR: '.data/bench-lab',
    ANNIE_ADMIN_PASSWORD: PASSWORD,
    AGT_BASE_URL: fake.url,
    AGT_API_KEY: 'bench-key',
    LOG_LEVEL: 'silent',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const db = new pg.Client({ connectionString: databaseUrl(DATABASE) });

try {
  await waitForReady(api);
  await db.connect();
  const cookie = await signIn();
  await queue(cookie, 0); // warm-up: installs pg-boss's schema on first use and opens connections
  await waitUntilFinished(db, [(await db.query('select id from lab_job')).rows[0].id], 30_000);

  console.log(`queuing ${JOBS} lab jobs at once (POST /api/lab/jobs, all in flight together)...`);
  const started = performance.now();
  const ids = await Promise.all(Array.from({ length: JOBS }, (_, index) => queue(cookie, index)));
  const queuedMs = performance.now() - started;
  await waitUntilFinished(db, ids, 300_000);
  const doneMs = performance.now() - started;

  const rows = await timings(db, ids);
  const succeeded = rows.filter((row) => row.status === 'succeeded').length;
  const pickups = rows.map((row) => Number(row.pickup_ms)).sort((a, b) => a - b);
  const firstCreated = Math.min(...rows.map((row) => row.created_at.getTime()));
  const lastFinished = Math.max(...rows.map((row) => row.finished_at.getTime()));
  const median = percentile(pickups, 50);
  console.log(`all ${JOBS} finished: ${succeeded} succeeded, ${JOBS - succeeded} failed`);
  console.log(`queuing took ${ms(queuedMs)} (${Math.round((JOBS / queuedMs) * 1000)} POST/s)`);
  console.log(
    `throughput: ${Math.round((JOBS / (lastFinished - firstCreated)) * 1000)} jobs/s ` +
      `(first queued → last finished ${ms(lastFinished - firstCreated)}; wall ${ms(doneMs)})`,
  );
  console.log(
    `queued → running: median ${ms(median)}, p95 ${ms(percentile(pickups, 95))}, max ${ms(pickups.at(-1))} ` +
      `(target median < ${TARGET_MEDIAN_PICKUP_MS} ms: ${median < TARGET_MEDIAN_PICKUP_MS ? 'met' : 'NOT met'})`,
  );

  const idle = [];
  for (let index = 0; index < IDLE_SAMPLES; index += 1) {
    const id = await queue(cookie, index);
    await waitUntilFinished(db, [id], 30_000);
    idle.push(Number((await timings(db, [id]))[0].pickup_ms));
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  idle.sort((a, b) => a - b);
  console.log(
    `idle queue, one job at a time (${IDLE_SAMPLES}): queued → running median ${ms(percentile(idle, 50))}, ` +
      `max ${ms(idle.at(-1))}`,
  );
} finally {
  api.kill('SIGTERM');
  await new Promise((resolve) => (api.exitCode === null ? api.once('exit', resolve) : resolve()));
  await db.end().catch(() => {});
  await fake.close();
  if (!KEEP) await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.end();
}
