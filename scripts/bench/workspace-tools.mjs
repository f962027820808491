#!/usr/bin/env node
// Workspace tool overhead and status latency. Starts the Google fake in this process and the production
// API as a child pointed at it (a database of its own on the local PostgreSQL), connects a user through
// the real consent flow, then, one request at a time:
//  - POST /api/google/voice-tools for four tools; the overhead of a call is its client-observed time minus
//    the fake's own time (from the fake receiving the call's first Google request to writing its last
//    answer), i.e. auth, validation, the token lookup and decryption, the SDK and serialisation;
//  - GET /api/google/status (a database read only).
// Prints p50/p95 against the targets (overhead p95 <= 50 ms, status p95 <= 10 ms), and the
// latency of GET /api/auth/user in the same run, for scale on a busy machine.
// Usage: node scripts/bench/workspace-tools.mjs [--quick]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pg = createRequire(join(ROOT, 'api/package.json'))('pg');
const { startGoogleFake } = await import(join(ROOT, 'packages/fakes/src/google-fake.ts'));
const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'annie_bench_workspace';
const API_PORT = 4192;
const QUICK = process.argv.includes('--quick');
const SAMPLES = QUICK ? 40 : 200;
const WARMUP = 15;
const TARGETS = { overheadP95: 50, statusP95: 10 };
const USERNAME = 'bench-workspace';
const PASSWORD = 'bench-password-1';

const TOOLS = {
  google_calendar_list: {},
  google_drive_list: { file_type: 'any' },
  google_sheets_read: { spreadsheet_id: 'file-budget', range: 'Sheet1!A1:C4' },
  google_gmail_list: { max_results: 4 },
};

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) };
};
const ms = (value) => `${value.toFixed(1)} ms`;

async function waitForReady() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${API_PORT}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the API did not become ready');
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  const fake = await startGoogleFake();
  const env = {
    ...process.env,
    DATABASE_URL: url.toString(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(API_PORT),
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-session-secret-of-at-least-32-chars',
    DATA_DIR: '.data/bench-workspace',
    PUBLIC_URL: `http://127.0.0.1:${API_PORT}`,
    GOOGLE_CLIENT_ID: fake.clientId,
    GOOGLE_CLIENT_SECRET: fake.clientSecret,
    GOOGLE_TOKEN_KEY: randomBytes(32).toString('base64'),
    GOOGLE_API_ROOT_URL: fake.url,
    GOOGLE_OAUTH_BASE_URL: fake.url,
    NO_PROXY: '127.0.0.1,localhost',
  };
  let api;
  try {
    const created = spawnSync(
      process.execPath,
      ['api/src/cli.ts', 'user:create', '--username', USERNAME, '--password', PASSWORD],
      { cwd: ROOT, env, encoding: 'utf8' },
    );
    if (created.status !== 0) throw new Error(`creating the user failed: ${created.stderr}`);
    api = spawn(process.execPath, ['api/src/main.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForReady();

    const base = `http://127.0.0.1:${API_PORT}`;
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()} (${created.stdout})`);
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const headers = { Cookie: cookie };
    const { authUrl } = await (await fetch(`${base}/api/google/auth`, { headers })).json();
    const back = new URL(await fake.consent(authUrl));
    const callback = await fetch(`${base}${back.pathname}${back.search}`, { headers, redirect: 'manual' });
    if (callback.headers.get('location') !== '/google/success') throw new Error('connecting Google failed');

    const callTool = async (toolName, parameters) => {
      const first = fake.received.length;
      const started = performance.now();
      const response = await fetch(`${base}/api/google/voice-tools`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ toolName, parameters }),
      });
      const body = await response.json();
      const total = performance.now() - started;
      if (!body.success) throw new Error(`${toolName} failed: ${JSON.stringify(body)}`);
      const calls = fake.received.slice(first);
      const fakeTime =
        Math.max(...calls.map((call) => call.answeredAt)) - Math.min(...calls.map((call) => call.receivedAt));
      return { total, fakeTime, requests: calls.length };
    };

    console.log(`workspace tools: ${SAMPLES} calls per tool, one at a time, after ${WARMUP} warm-up calls`);
    const allOverheads = [];
    for (const [name, parameters] of Object.entries(TOOLS)) {
      for (let i = 0; i < WARMUP; i += 1) await callTool(name, parameters);
      const totals = [];
      const overheads = [];
      let requests = 0;
      for (let i = 0; i < SAMPLES; i += 1) {
        const sample = await callTool(name, parameters);
        totals.push(sample.total);
        overheads.push(sample.total - sample.fakeTime);
        requests = sample.requests;
      }
      allOverheads.push(...overheads);
      const total = summary(totals);
      const overhead = summary(overheads);
      console.log(
        `  ${name.padEnd(22)} ${requests} Google request(s): total p50 ${ms(total.p50)} p95 ${ms(total.p95)}; overhead p50 ${ms(overhead.p50)} p95 ${ms(overhead.p95)}`,
      );
    }
    const overall = summary(allOverheads);
    console.log(
      `  tool overhead, all four: p50 ${ms(overall.p50)}, p95 ${ms(overall.p95)} (target <= ${TARGETS.overheadP95} ms)`,
    );

    // The same loop on GET /api/auth/user: what any signed-in request costs on this machine right now.
    const latencyOf = async (path, check) => {
      const times = [];
      for (let i = 0; i < WARMUP + SAMPLES * 2; i += 1) {
        const started = performance.now();
        const body = await (await fetch(`${base}${path}`, { headers })).json();
        if (!check(body)) throw new Error(`${path} answered ${JSON.stringify(body)}`);
        if (i >= WARMUP) times.push(performance.now() - started);
      }
      return summary(times);
    };
    const status = await latencyOf('/api/google/status', (body) => body.authenticated === true);
    const ceiling = await latencyOf('/api/auth/user', (body) => body.username === USERNAME);
    console.log(
      `  GET /api/google/status: p50 ${ms(status.p50)}, p95 ${ms(status.p95)} (target <= ${TARGETS.statusP95} ms)`,
    );
    console.log(
      `  GET /api/auth/user (auth only, for scale): p50 ${ms(ceiling.p50)}, p95 ${ms(ceiling.p95)}`,
    );
  } finally {
    api?.kill('SIGTERM');
    if (api) await new Promise((resolve) => api.once('exit', resolve));
    await fake.close();
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.end();
  }
}

await main();
