#!/usr/bin/env node
// Knowledge API speed on a realistic load: seeds 10,000 facts and 10,000 notes for each of two tenants
// in a database of its own on the local PostgreSQL, starts the production API as a child process, and
// prints search and list latency (p50/p95, one request at a time) and the req/s and CPU per request of
// GET /api/knowledge/facts?limit=50 beside a bare node:http + pg server (knowledge/bare-server.ts) running
// the same query on the same database in the same run, the two measured in alternating slices
// (knowledge/side-by-side.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { benchApiEnv, type RunningApi, runCli, signIn, startApi, stopChild } from '../lib/api-process.ts';
import { connect, createBenchDatabase } from '../lib/database.ts';
import { CONCURRENCY, closeConnections, get, type Headers } from '../lib/http.ts';
import { latency, throughput, waitUntilReady } from '../lib/load.ts';
import { ROOT } from '../lib/root.ts';
import { type Summary, verdict } from '../lib/stats.ts';
import { benchOptions } from './benchmarks.ts';
import { seed, seedRows } from './knowledge/seed.ts';
import { type SideBySideResult, type SideBySideTarget, sideBySide } from './knowledge/side-by-side.ts';

const OPTIONS = benchOptions('knowledge', {
  quick: { type: 'boolean', help: 'fewer samples and shorter throughput slices' },
  keep: { type: 'boolean', help: 'leave the database for inspection' },
});
const API_PORT = 4190;
const BARE_PORT = 4191;
const QUICK = OPTIONS.quick;
const ROWS_PER_TENANT = 10_000;
const TENANTS = ['bench-a', 'bench-b'] as const;
const PASSWORD = 'bench-password-1';
const LATENCY_SAMPLES = QUICK ? 60 : 300;
// Each server gets `rounds` slices of `sliceSeconds`, alternating with the other, after as long a warm-up
// of the same kind: the API's JIT takes some 10,000 requests to settle (its CPU per request falls by
// half over them), the bare server's few functions far fewer, and the figure sought is a running
// server's, not one still compiling.
const THROUGHPUT = QUICK ? { rounds: 3, sliceSeconds: 1 } : { rounds: 5, sliceSeconds: 2 };
const THROUGHPUT_WARM_UP = QUICK ? { rounds: 2, sliceSeconds: 2.5 } : { rounds: 2, sliceSeconds: 5 };
const TARGETS = { searchP95: 30, listP95: 100, throughputRatio: 0.8 };

const SEARCHES = [
  'revenue',
  'revenue forecast',
  'burgundy wine',
  'supplier contract renewal',
  'lond',
  'organic botanical extract',
  'tokyo flight hotel',
  'board meeting investor',
  'pricing',
  'allergy',
  'what is the preferred seat on flights',
  'champagne gala',
  'ab',
  'q',
  'zzzz-no-match',
]
  .map((q) => `/api/knowledge/search?q=${encodeURIComponent(q)}`)
  .concat([
    '/api/knowledge/search?q=revenue&sources=auwagenics&limit=10',
    '/api/knowledge/search?q=wine&sources=natural_house,other',
  ]);

/** Seeds both tenants with plain SQL, then vacuums (the state autovacuum keeps a live database in). */
async function seedTenants(url: string): Promise<void> {
  const db = await connect(url);
  const started = performance.now();
  for (const [index, tenant] of TENANTS.entries())
    await seed(db, seedRows(tenant, index + 1, ROWS_PER_TENANT));
  await db.query('vacuum analyze');
  const counts = await db.query(
    `select t.id as tenant_id, (select count(*) from knowledge_fact f where f.tenant_id = t.id)::int as facts,
            (select count(*) from knowledge_note n where n.tenant_id = t.id)::int as notes
     from tenant t order by 1`,
  );
  await db.end();
  console.log(`seeded in ${Math.round(performance.now() - started)} ms:`);
  for (const row of counts.rows) console.log(`  ${row.tenant_id}: ${row.facts} facts, ${row.notes} notes`);
}

function startBareServer(url: string): ChildProcess {
  return spawn(
    process.execPath,
    [join(ROOT, 'scripts/bench/knowledge/bare-server.ts'), url, TENANTS[0], String(BARE_PORT)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
}

/** `targets` in alternating slices after a warm-up of the same kind, whose figures are thrown away. */
async function warmedSideBySide(targets: SideBySideTarget[]): Promise<SideBySideResult[]> {
  await sideBySide(targets, THROUGHPUT_WARM_UP);
  return sideBySide(targets, THROUGHPUT);
}

/** Every figure, measured after a warm-up of both servers (JIT, pg plans, caches). */
async function measure(headers: Headers, pids: { api?: number; bare?: number }) {
  await latency(API_PORT, SEARCHES, headers, SEARCHES.length * 2);
  await throughput(API_PORT, '/api/knowledge/facts?limit=50', headers, 1);
  await throughput(BARE_PORT, '/', {}, 1);
  const pages = Array.from({ length: ROWS_PER_TENANT / 1000 }, (_, i) => i * 1000);
  const list50: SideBySideTarget[] = [
    { name: 'api', port: API_PORT, path: '/api/knowledge/facts?limit=50', headers, pid: pids.api },
    { name: 'bare', port: BARE_PORT, path: '/', headers: {}, pid: pids.bare },
  ];
  return {
    search: await latency(API_PORT, SEARCHES, headers, LATENCY_SAMPLES),
    list50: await latency(
      API_PORT,
      ['/api/knowledge/facts?limit=50', '/api/knowledge/notes?limit=50'],
      headers,
      LATENCY_SAMPLES,
    ),
    list1000: await latency(
      API_PORT,
      pages.flatMap((offset) => [
        `/api/knowledge/facts?limit=1000&offset=${offset}`,
        `/api/knowledge/notes?limit=1000&offset=${offset}`,
      ]),
      headers,
      QUICK ? 40 : 100,
    ),
    fullFacts: await latency(API_PORT, ['/api/knowledge/facts'], headers, QUICK ? 10 : 40),
    fullNotes: await latency(API_PORT, ['/api/knowledge/notes'], headers, QUICK ? 10 : 40),
    fullBytes: (await get(API_PORT, '/api/knowledge/notes', headers)).bytes,
    // Neither answer is compressed: the load client sends no Accept-Encoding (a browser's would get
    // Brotli from the API), so both servers write the same bytes.
    list50Throughput: await warmedSideBySide(list50),
    // The same session and auth work with no knowledge query: the ceiling of any signed-in endpoint.
    authOnly: (
      await sideBySide([{ name: 'auth', port: API_PORT, path: '/api/auth/user', headers, pid: pids.api }], {
        rounds: 1,
        sliceSeconds: THROUGHPUT.rounds * THROUGHPUT.sliceSeconds,
      })
    )[0],
  };
}

function report(figures: Awaited<ReturnType<typeof measure>>): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  const row = (label: string, stats: Summary, target: number) =>
    console.log(
      `  ${label.padEnd(58)} p50 ${ms(stats.p50)}  p95 ${ms(stats.p95)}  max ${ms(stats.max)}  [p95 <= ${target} ms: ${verdict(stats.p95 <= target)}]`,
    );
  console.log(`\nlatency, one request at a time over loopback (${LATENCY_SAMPLES} samples unless noted):`);
  row(
    `search (${SEARCHES.length} queries: full text, substring, sources)`,
    figures.search,
    TARGETS.searchP95,
  );
  row('list facts/notes, 50-row pages', figures.list50, TARGETS.listP95);
  row('list facts/notes, 1,000-row pages (what the screen requests)', figures.list1000, TARGETS.listP95);
  row('list facts, all 10,000 in one response (no paging)', figures.fullFacts, TARGETS.listP95);
  const megabytes = (figures.fullBytes / 1e6).toFixed(1);
  row(
    `list notes, all 10,000 in one response (${megabytes} MB, no paging)`,
    figures.fullNotes,
    TARGETS.listP95,
  );
  const [api, bare] = figures.list50Throughput;
  if (!api || !bare || !figures.authOnly) throw new Error('a throughput figure is missing');
  const { authOnly } = figures;
  const ratio = api.rps / bare.rps;
  const cpu = (target: SideBySideResult) =>
    target.cpuPerRequest === null ? '' : `  CPU ${target.cpuPerRequest.toFixed(0).padStart(4)} µs/request`;
  const seconds = THROUGHPUT.rounds * THROUGHPUT.sliceSeconds;
  const warmUp = THROUGHPUT_WARM_UP.rounds * THROUGHPUT_WARM_UP.sliceSeconds;
  console.log(
    `\nthroughput of GET /api/knowledge/facts?limit=50, ${CONCURRENCY} keep-alive connections, ${seconds} s each in ${THROUGHPUT.rounds} alternating slices after a ${warmUp} s warm-up each:`,
  );
  console.log(
    `  API (session, auth, tenant check, Koa)   ${api.rps.toFixed(0).padStart(5)} req/s${cpu(api)}`,
  );
  console.log(
    `  bare node:http + pg, same SQL            ${bare.rps.toFixed(0).padStart(5)} req/s${cpu(bare)}`,
  );
  console.log(
    `  API GET /api/auth/user (auth only)       ${authOnly.rps.toFixed(0).padStart(5)} req/s${cpu(authOnly)}  (reference)`,
  );
  console.log(
    `  ratio ${(ratio * 100).toFixed(0)}%  [target >= ${TARGETS.throughputRatio * 100}%: ${verdict(ratio >= TARGETS.throughputRatio)}]`,
  );
}

const database = await createBenchDatabase('annie_bench_knowledge', { keep: OPTIONS.keep });
const env = benchApiEnv({ port: API_PORT, databaseUrl: database.url, dataDir: '.data/bench-knowledge' });
let api: RunningApi | undefined;
let bare: ChildProcess | undefined;
try {
  for (const tenant of TENANTS) {
    runCli(env, ['user:create', '--username', tenant, '--password', PASSWORD, '--tenant', tenant]);
  }
  await seedTenants(database.url);
  api = await startApi(env);
  bare = startBareServer(database.url);
  await waitUntilReady(BARE_PORT, '/', bare);
  const { headers } = await signIn(API_PORT, TENANTS[0], PASSWORD);

  const sample = await get(API_PORT, '/api/knowledge/facts?limit=50', headers);
  const bareSample = await get(BARE_PORT, '/');
  if (JSON.parse(sample.body).length !== 50 || sample.body !== bareSample.body) {
    throw new Error('the API and the bare server disagree on the 50-row list');
  }
  report(await measure(headers, { api: api.child.pid, bare: bare.pid }));
} catch (error) {
  console.error('benchmark failed:', error);
  process.exitCode = 1;
} finally {
  closeConnections();
  if (bare) await stopChild(bare);
  await api?.stop();
  await database.drop();
}
