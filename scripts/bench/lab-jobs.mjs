#!/usr/bin/env node
// Lab job throughput and pickup latency, end to end: starts the chemistry provider fake and the production
// API (with its pg-boss worker) on a database of its own on the local PostgreSQL, queues 1,000 jobs at once
// through POST /api/lab/jobs (the four types in turn), waits until every one has finished, and prints jobs/s
// and the queued→running times (median, p95). Then queues single jobs on an idle queue, one at a time, to
// show the wake-up latency. Usage: node scripts/bench/lab-jobs.mjs [--jobs N] [--keep (leave the database)]
import { join } from 'node:path';
import { benchApiEnv, signIn, startApi } from './lib/api-process.mjs';
import { connect, createBenchDatabase } from './lib/database.mjs';
import { closeConnections, send } from './lib/http.mjs';
import { ROOT } from './lib/root.mjs';
import { ms, percentile } from './lib/stats.mjs';

const { startAgtFake } = await import(join(ROOT, 'packages/fakes/src/agt-fake.ts'));
const { LAB_JOB_SAMPLES, LAB_JOB_TYPES } = await import(
  join(ROOT, 'packages/api-client/src/contracts/lab.ts')
);

const API_PORT = 4192;
const PASSWORD = 'bench-admin-password';
const argument = (name) => process.argv[process.argv.indexOf(name) + 1];
const JOBS = process.argv.includes('--jobs') ? Number(argument('--jobs')) : 1000;
const IDLE_SAMPLES = 20;
const TARGET_MEDIAN_PICKUP_MS = 1000;

async function queue(headers, index) {
  const type = LAB_JOB_TYPES[index % LAB_JOB_TYPES.length];
  const response = await send(
    API_PORT,
    'POST',
    '/api/lab/jobs',
    { type, payload: LAB_JOB_SAMPLES[type] },
    headers,
  );
  if (response.status !== 201) throw new Error(`POST /api/lab/jobs answered ${response.status}`);
  return JSON.parse(response.text).id;
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
            created_at, finished_at
       from lab_job where id = any($1::uuid[])`,
    [ids],
  );
  return rows;
}

/** 1,000 jobs in flight together: queuing rate, jobs/s and queued → running times. */
async function burst(db, headers) {
  console.log(`queuing ${JOBS} lab jobs at once (POST /api/lab/jobs, all in flight together)...`);
  const started = performance.now();
  const ids = await Promise.all(Array.from({ length: JOBS }, (_, index) => queue(headers, index)));
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
}

/** Single jobs on an idle queue, one at a time: how fast the worker wakes up. */
async function idle(db, headers) {
  const pickups = [];
  for (let index = 0; index < IDLE_SAMPLES; index += 1) {
    const id = await queue(headers, index);
    await waitUntilFinished(db, [id], 30_000);
    pickups.push(Number((await timings(db, [id]))[0].pickup_ms));
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  pickups.sort((a, b) => a - b);
  console.log(
    `idle queue, one job at a time (${IDLE_SAMPLES}): queued → running median ${ms(percentile(pickups, 50))}, ` +
      `max ${ms(pickups.at(-1))}`,
  );
}

const database = await createBenchDatabase('annie_bench_lab', { keep: process.argv.includes('--keep') });
const fake = await startAgtFake();
let api;
let db;
try {
  api = await startApi(
    benchApiEnv({
      port: API_PORT,
      databaseUrl: database.url,
      dataDir: '.data/bench-lab',
      extra: { ANNIE_ADMIN_PASSWORD: PASSWORD, AGT_BASE_URL: fake.url, AGT_API_KEY: 'bench-key' },
    }),
  );
  db = await connect(database.url);
  const { headers } = await signIn(API_PORT, 'admin', PASSWORD);
  // Warm-up: installs pg-boss's schema on first use and opens connections.
  await waitUntilFinished(db, [await queue(headers, 0)], 30_000);
  await burst(db, headers);
  await idle(db, headers);
} finally {
  closeConnections();
  await api?.stop();
  await db?.end().catch(() => {});
  await fake.close();
  await database.drop();
}
