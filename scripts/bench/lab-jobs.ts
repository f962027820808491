#!/usr/bin/env node
// Lab job throughput and pickup latency, end to end: starts the chemistry provider fake and the production
// API (with its pg-boss worker) on a database of its own on the local PostgreSQL, queues 1,000 jobs at once
// through POST /api/lab/jobs (the four types in turn), waits until every one has finished, and prints jobs/s
// and the queued→running times (median, p95). Then queues single jobs on an idle queue, one at a time, to
// show the wake-up latency.
import { LAB_JOB_SAMPLES, LAB_JOB_TYPES } from '@annie/contracts/lab';
import { startAgtFake } from '@annie/fakes/agt-fake';
import type pg from 'pg';
import { benchApiEnv, type RunningApi, signIn, startApi } from '../lib/api-process.ts';
import { numberOption } from '../lib/cli-options.ts';
import { connect, createBenchDatabase } from '../lib/database.ts';
import { closeConnections, type Headers, send } from '../lib/http.ts';
import { sleep } from '../lib/load.ts';
import { ms, percentile } from '../lib/stats.ts';
import { benchOptions } from './benchmarks.ts';

const OPTIONS = benchOptions('lab-jobs', {
  jobs: { type: 'string', value: 'n', default: '1000', help: 'jobs queued at once' },
  keep: { type: 'boolean', help: 'leave the database for inspection' },
});
const API_PORT = 4192;
const PASSWORD = 'bench-admin-password';
const JOBS = numberOption(OPTIONS.jobs, 'jobs', 1000);
const IDLE_SAMPLES = 20;
const TARGET_MEDIAN_PICKUP_MS = 1000;

async function queue(headers: Headers, index: number): Promise<string> {
  const type = LAB_JOB_TYPES[index % LAB_JOB_TYPES.length] ?? 'formulate';
  const response = await send(
    API_PORT,
    'POST',
    '/api/lab/jobs',
    { type, payload: LAB_JOB_SAMPLES[type] },
    headers,
  );
  if (response.status !== 201) throw new Error(`POST /api/lab/jobs answered ${response.status}`);
  return (JSON.parse(response.text) as { id: string }).id;
}

async function waitUntilFinished(db: pg.Client, ids: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ open: number }>(
      `select count(*)::int as open from lab_job where id = any($1::uuid[]) and status in ('queued', 'running')`,
      [ids],
    );
    const open = rows[0]?.open ?? 0;
    if (open === 0) return;
    if (Date.now() > deadline) throw new Error(`${open} jobs still unfinished after ${timeoutMs} ms`);
    await sleep(100);
  }
}

interface JobTiming {
  status: string;
  pickup_ms: string;
  created_at: Date;
  finished_at: Date;
}

async function timings(db: pg.Client, ids: string[]): Promise<JobTiming[]> {
  const { rows } = await db.query<JobTiming>(
    `select status,
            extract(epoch from (started_at - created_at)) * 1000 as pickup_ms,
            created_at, finished_at
       from lab_job where id = any($1::uuid[])`,
    [ids],
  );
  return rows;
}

/** 1,000 jobs in flight together: queuing rate, jobs/s and queued → running times. */
async function burst(db: pg.Client, headers: Headers): Promise<void> {
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
    `queued → running: median ${ms(median)}, p95 ${ms(percentile(pickups, 95))}, max ${ms(pickups.at(-1) ?? Number.NaN)} ` +
      `(target median < ${TARGET_MEDIAN_PICKUP_MS} ms: ${median < TARGET_MEDIAN_PICKUP_MS ? 'met' : 'NOT met'})`,
  );
}

/** Single jobs on an idle queue, one at a time: how fast the worker wakes up. */
async function idle(db: pg.Client, headers: Headers): Promise<void> {
  const pickups: number[] = [];
  for (let index = 0; index < IDLE_SAMPLES; index += 1) {
    const id = await queue(headers, index);
    await waitUntilFinished(db, [id], 30_000);
    pickups.push(Number((await timings(db, [id]))[0]?.pickup_ms));
    await sleep(150);
  }
  pickups.sort((a, b) => a - b);
  console.log(
    `idle queue, one job at a time (${IDLE_SAMPLES}): queued → running median ${ms(percentile(pickups, 50))}, ` +
      `max ${ms(pickups.at(-1) ?? Number.NaN)}`,
  );
}

const database = await createBenchDatabase('annie_bench_lab', { keep: OPTIONS.keep });
const fake = await startAgtFake();
let api: RunningApi | undefined;
let db: pg.Client | undefined;
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
