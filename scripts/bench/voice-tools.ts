#!/usr/bin/env node
// Voice tool round trip for search_knowledge_base (function call received → output ready; target
// p95 <= 50 ms). Seeds 10,000 facts and 10,000 notes for each of two tenants in a database of its own on
// the local PostgreSQL, starts the production API as a child process, then, one call at a time:
//  - the browser path: the voice page's own dispatcher (remotes/voice runVoiceTool, loaded in this
//    process with fetch pointed at the API) from the model's argument text to the function_call_output
//    text; beside it, interleaved, the bare GET /api/knowledge/search it makes, so the dispatcher's own
//    cost (parse, validate, URL, zod-check the answer, serialise) is the difference;
//  - the phone path: the server-side runner (createServerToolRunner) in this process on the same database.
import { loadConfig } from '@annie/api/src/config/env.ts';
import { createOrm } from '@annie/api/src/db/orm.ts';
import { createPool } from '@annie/api/src/db/pool.ts';
import { createServerToolRunner } from '@annie/api/src/modules/voice/tools/server-tool-runner.ts';
import { ormSchema } from '@annie/api/src/modules.ts';
import { benchApiEnv, type RunningApi, runCli, type Session, signIn, startApi } from '../lib/api-process.ts';
import { connect, createBenchDatabase } from '../lib/database.ts';
import { closeConnections } from '../lib/http.ts';
import { ms, type Summary, summary, verdict } from '../lib/stats.ts';
import { benchOptions } from './benchmarks.ts';
import { seed, seedRows } from './knowledge/seed.ts';

const OPTIONS = benchOptions('voice-tools', {
  quick: { type: 'boolean', help: 'fewer rows and samples' },
  keep: { type: 'boolean', help: 'leave the database for inspection' },
});
const API_PORT = 4196;
const QUICK = OPTIONS.quick;
const ROWS_PER_TENANT = QUICK ? 2_000 : 10_000;
const TENANTS = ['bench-tools-a', 'bench-tools-b'] as const;
const PASSWORD = 'bench-password-1';
const SAMPLES = QUICK ? 60 : 300;
const WARMUP = 30;
const TARGET_P95 = 50;

// What a model asks: a few words, sometimes a sources filter.
interface Call {
  query: string;
  sources?: string[];
}

const CALLS: [Call, ...Call[]] = [
  { query: 'revenue forecast' },
  { query: 'supplier contract renewal' },
  { query: 'preferred seat on flights' },
  { query: 'burgundy wine', sources: ['natural_house', 'other'] },
  { query: 'board meeting investor' },
  { query: 'allergy' },
  { query: 'organic botanical extract', sources: ['auwagenics'] },
  { query: 'tokyo hotel' },
];

const searchPath = ({ query, sources }: Call) => {
  const params = new URLSearchParams({ q: query });
  if (sources) params.set('sources', sources.join(','));
  params.set('limit', '5');
  return `/api/knowledge/search?${params}`;
};

/** The browser's globals the client code reads: its storage, and fetch on the page's origin with the session cookie. */
function browserGlobals(base: string, session: Session): void {
  const storage = new Map([
    ['annie.tenantId', session.user.tenantId],
    ['annie.userId', session.user.id],
  ]);
  const standIn: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
    getItem: (key) => storage.get(key) ?? null,
    setItem: (key, value) => {
      storage.set(key, String(value));
    },
    removeItem: (key) => {
      storage.delete(key);
    },
  };
  globalThis.localStorage = standIn as Storage;
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = (input, init = {}) =>
    nodeFetch(new URL(String(input), base), {
      ...init,
      headers: { ...(init.headers as Record<string, string> | undefined), Cookie: session.headers.Cookie },
    });
}

async function measureBrowserPath(base: string, session: Session) {
  browserGlobals(base, session);
  const { runVoiceTool } = await import('@annie/remote-voice/src/lib/voice-tools/run-voice-tool.ts');
  const context = { onSessionUpdate: () => {}, onEndCall: () => {} };
  const tool = async (call: Call) => {
    const started = performance.now();
    const output = await runVoiceTool(
      { name: 'search_knowledge_base', arguments: JSON.stringify(call) },
      context,
    );
    const time = performance.now() - started;
    const parsed = JSON.parse(output) as { results?: unknown[] };
    if (!Array.isArray(parsed.results)) throw new Error(`the tool answered ${output}`);
    return { time, hits: parsed.results.length };
  };
  const bare = async (call: Call) => {
    const started = performance.now();
    const response = await fetch(searchPath(call), {
      headers: { 'X-Tenant-Id': session.user.tenantId, 'X-User-Id': session.user.id },
    });
    await response.text();
    if (!response.ok) throw new Error(`search answered ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < WARMUP; i += 1) {
    await tool(CALLS[i % CALLS.length] ?? CALLS[0]);
    await bare(CALLS[i % CALLS.length] ?? CALLS[0]);
  }
  const tools: number[] = [];
  const bares: number[] = [];
  const overheads: number[] = [];
  let hits = 0;
  for (let i = 0; i < SAMPLES; i += 1) {
    const call = CALLS[i % CALLS.length] ?? CALLS[0];
    const sample = await tool(call);
    const request = await bare(call);
    tools.push(sample.time);
    bares.push(request);
    overheads.push(sample.time - request);
    hits += sample.hits;
  }
  return { tool: summary(tools), bare: summary(bares), overhead: summary(overheads), hits: hits / SAMPLES };
}

async function measurePhonePath(databaseUrl: string, session: Session): Promise<Summary> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
  const pool = createPool(databaseUrl);
  const orm = await createOrm(databaseUrl, ormSchema, { pool });
  try {
    const run = createServerToolRunner(
      { config, orm, pool },
      { tenantId: session.user.tenantId, userId: session.user.id },
    );
    const tool = async (call: Call) => {
      const started = performance.now();
      // The bridge hands the runner the parsed arguments and serialises what it answers.
      const output = JSON.stringify(await run('search_knowledge_base', JSON.parse(JSON.stringify(call))));
      const time = performance.now() - started;
      if (!output.startsWith('{"results":')) throw new Error(`the runner answered ${output}`);
      return time;
    };
    for (let i = 0; i < WARMUP; i += 1) await tool(CALLS[i % CALLS.length] ?? CALLS[0]);
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) times.push(await tool(CALLS[i % CALLS.length] ?? CALLS[0]));
    return summary(times);
  } finally {
    await pool.end();
    await orm.close();
  }
}

const database = await createBenchDatabase('annie_bench_voice_tools', { keep: OPTIONS.keep });
const env = benchApiEnv({ port: API_PORT, databaseUrl: database.url, dataDir: '.data/bench-voice-tools' });
let api: RunningApi | undefined;
try {
  for (const tenant of TENANTS) {
    runCli(env, ['user:create', '--username', tenant, '--password', PASSWORD, '--tenant', tenant]);
  }
  const db = await connect(database.url);
  for (const [index, tenant] of TENANTS.entries())
    await seed(db, seedRows(tenant, index + 1, ROWS_PER_TENANT));
  await db.query('vacuum analyze');
  await db.end();
  api = await startApi(env);
  const session = await signIn(API_PORT, TENANTS[0], PASSWORD);

  const browser = await measureBrowserPath(`http://127.0.0.1:${API_PORT}`, session);
  const phone = await measurePhonePath(database.url, session);

  const row = (label: string, stats: Summary, target?: number) =>
    console.log(
      `  ${label.padEnd(64)} p50 ${ms(stats.p50, 1).padStart(8)}  p95 ${ms(stats.p95, 1).padStart(8)}  max ${ms(stats.max, 1).padStart(8)}${target === undefined ? '' : `  [p95 <= ${target} ms: ${verdict(stats.p95 <= target)}]`}`,
    );
  console.log(
    `\nsearch_knowledge_base, ${SAMPLES} calls one at a time after ${WARMUP} warm-up calls; ${ROWS_PER_TENANT} facts + ${ROWS_PER_TENANT} notes per tenant, ${browser.hits.toFixed(1)} hits per call on average:`,
  );
  row('browser: runVoiceTool, argument text → output text (over HTTP)', browser.tool, TARGET_P95);
  row('  the bare GET /api/knowledge/search it makes', browser.bare);
  row('  the dispatcher itself (the difference, per call)', browser.overhead);
  row('phone: createServerToolRunner in process, arguments → output text', phone, TARGET_P95);
} catch (error) {
  console.error('benchmark failed:', error);
  process.exitCode = 1;
} finally {
  closeConnections();
  await api?.stop();
  await database.drop();
}
