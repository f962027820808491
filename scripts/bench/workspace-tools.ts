#!/usr/bin/env node
// Workspace tool overhead and status latency. Starts the Google fake in this process and the production
// API as a child pointed at it (a database of its own on the local PostgreSQL), connects a user through
// the real consent flow, then, one request at a time:
//  - POST /api/google/voice-tools for four tools; the overhead of a call is its client-observed time minus
//    the fake's own time (from the fake receiving the call's first Google request to writing its last
//    answer), i.e. auth, validation, the token lookup and decryption, the SDK and serialisation;
//  - GET /api/google/status (a database read only).
// Prints p50/p95 against the targets (overhead p95 <= 50 ms, status p95 <= 10 ms), and the latency of
// GET /api/auth/user in the same run, for scale on a busy machine.
import { randomBytes } from 'node:crypto';
import { startGoogleFake } from '@annie/fakes/google-fake';
import { benchApiEnv, type RunningApi, runCli, startApi } from '../lib/api-process.ts';
import { createBenchDatabase } from '../lib/database.ts';
import { ms as milliseconds, summary } from '../lib/stats.ts';
import { benchOptions } from './benchmarks.ts';

const OPTIONS = benchOptions('workspace-tools', { quick: { type: 'boolean', help: 'fewer samples' } });
const DATABASE = 'annie_bench_workspace';
const API_PORT = 4192;
const QUICK = OPTIONS.quick;
const SAMPLES = QUICK ? 40 : 200;
const WARMUP = 15;
const TARGETS = { overheadP95: 50, statusP95: 10 };
const USERNAME = 'bench-workspace';
const PASSWORD = 'bench-password-1';

const TOOLS: Record<string, Record<string, unknown>> = {
  google_calendar_list: {},
  google_drive_list: { file_type: 'any' },
  google_sheets_read: { spreadsheet_id: 'file-budget', range: 'Sheet1!A1:C4' },
  google_gmail_list: { max_results: 4 },
};

const ms = (value: number) => milliseconds(value, 1);

async function main(): Promise<void> {
  const database = await createBenchDatabase(DATABASE);
  const fake = await startGoogleFake();
  const env = benchApiEnv({
    port: API_PORT,
    databaseUrl: database.url,
    dataDir: '.data/bench-workspace',
    extra: {
      PUBLIC_URL: `http://127.0.0.1:${API_PORT}`,
      GOOGLE_CLIENT_ID: fake.clientId,
      GOOGLE_CLIENT_SECRET: fake.clientSecret,
      GOOGLE_TOKEN_KEY: randomBytes(32).toString('base64'),
      GOOGLE_API_ROOT_URL: fake.url,
      GOOGLE_OAUTH_BASE_URL: fake.url,
      NO_PROXY: '127.0.0.1,localhost',
    },
  });
  let api: RunningApi | undefined;
  try {
    runCli(env, ['user:create', '--username', USERNAME, '--password', PASSWORD]);
    api = await startApi(env);

    const base = `http://127.0.0.1:${API_PORT}`;
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const headers = { Cookie: cookie };
    const { authUrl } = (await (await fetch(`${base}/api/google/auth`, { headers })).json()) as {
      authUrl: string;
    };
    const back = new URL(await fake.consent(authUrl));
    const callback = await fetch(`${base}${back.pathname}${back.search}`, { headers, redirect: 'manual' });
    if (callback.headers.get('location') !== '/google/success') throw new Error('connecting Google failed');

    const callTool = async (toolName: string, parameters: Record<string, unknown>) => {
      const first = fake.received.length;
      const started = performance.now();
      const response = await fetch(`${base}/api/google/voice-tools`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ toolName, parameters }),
      });
      const body = (await response.json()) as { success?: boolean };
      const total = performance.now() - started;
      if (!body.success) throw new Error(`${toolName} failed: ${JSON.stringify(body)}`);
      const calls = fake.received.slice(first);
      const fakeTime =
        Math.max(...calls.map((call) => call.answeredAt ?? Number.NaN)) -
        Math.min(...calls.map((call) => call.receivedAt ?? Number.NaN));
      return { total, fakeTime, requests: calls.length };
    };

    console.log(`workspace tools: ${SAMPLES} calls per tool, one at a time, after ${WARMUP} warm-up calls`);
    const allOverheads: number[] = [];
    for (const [name, parameters] of Object.entries(TOOLS)) {
      for (let i = 0; i < WARMUP; i += 1) await callTool(name, parameters);
      const totals: number[] = [];
      const overheads: number[] = [];
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
    const latencyOf = async (path: string, check: (body: Record<string, unknown>) => boolean) => {
      const times: number[] = [];
      for (let i = 0; i < WARMUP + SAMPLES * 2; i += 1) {
        const started = performance.now();
        const body = (await (await fetch(`${base}${path}`, { headers })).json()) as Record<string, unknown>;
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
    await api?.stop();
    await fake.close();
    await database.drop();
  }
}

await main();
