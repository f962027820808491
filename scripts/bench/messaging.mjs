#!/usr/bin/env node
// Messaging speed at the issue's scale: one tenant with 5,000 contacts, 5,000 SMS threads and 250,000
// messages in a database of its own on the local PostgreSQL; starts the production API as a child with
// Twilio configured (no send happens: only webhooks and reads are measured) and prints p50/p95 of the
// thread list, one thread, the contact list and the signed inbound webhook (one request at a time),
// then drives 300 webhooks/s for a while with every message delivered ten times and counts the rows.
// Usage: node scripts/bench/messaging.mjs [--quick] [--keep (leave the database)]
import { spawn, spawnSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { phoneOf, seedMessaging } from './lib/messaging-seed.mjs';
import { inboundText, twilioSigned } from './lib/twilio-webhook.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pg = createRequire(join(ROOT, 'api/package.json'))('pg');
const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'annie_bench_messaging';
const API_PORT = Number(process.env.BENCH_PORT ?? 4192);
const PUBLIC_URL = `http://127.0.0.1:${API_PORT}`;
const QUICK = process.argv.includes('--quick');
const KEEP = process.argv.includes('--keep');
const TENANT = 'default';
const PASSWORD = 'bench-password-1';
const AUTH_TOKEN = 'bench-twilio-auth-token';
const NUMBER = '+14155550100';
const CONTACTS = 5_000;
const THREADS = 5_000;
const MESSAGES_PER_THREAD = 50;
const SAMPLES = QUICK ? 60 : 300;
const FLOOD_RATE = 300;
const FLOOD_SECONDS = QUICK ? 3 : 10;
const REPEATS = 10;
const TARGETS = { threads: 50, thread: 30, contacts: 50, webhook: 20 };

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function call(method, path, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: API_PORT, path, method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

function inbound(sid, from, body) {
  const path = '/api/sms/webhooks/inbound';
  const twilio = { publicUrl: PUBLIC_URL, authToken: AUTH_TOKEN };
  return call('POST', path, twilioSigned(twilio, path, inboundText(sid, from, NUMBER, body)));
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function latency(samples, next) {
  const times = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    const response = await next(i);
    times.push(performance.now() - started);
    if (response.status >= 300)
      throw new Error(`answered ${response.status}: ${response.text.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) };
}

/** FLOOD_RATE webhooks a second for FLOOD_SECONDS, each message delivered REPEATS times (sent in a row). */
async function flood() {
  const total = FLOOD_RATE * FLOOD_SECONDS;
  const started = performance.now();
  const pending = [];
  let failed = 0;
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / FLOOD_RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const message = Math.floor(i / REPEATS);
    pending.push(
      inbound(
        `SMflood${String(message).padStart(8, '0')}`,
        phoneOf(message % THREADS),
        `Flood ${message}`,
      ).then((response) => {
        if (response.status !== 200) failed += 1;
      }),
    );
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  return { sent: total, messages: total / REPEATS, failed, rate: total / seconds };
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  let api;
  try {
    const env = {
      ...process.env,
      DATABASE_URL: url.toString(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(API_PORT),
      PUBLIC_URL,
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'bench-session-secret-of-at-least-32-chars',
      DATA_DIR: '.data/bench-messaging',
      TWILIO_ACCOUNT_SID: 'ACbench',
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_PHONE_NUMBER: NUMBER,
      TWILIO_API_BASE_URL: 'http://127.0.0.1:9',
    };
    const created = spawnSync(
      process.execPath,
      ['api/src/cli.ts', 'user:create', '--username', 'bench', '--password', PASSWORD, '--tenant', TENANT],
      { cwd: ROOT, env, encoding: 'utf8' },
    );
    if (created.status !== 0) throw new Error(`creating the user failed: ${created.stderr}`);
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const seedStarted = performance.now();
    await seedMessaging(db, {
      tenant: TENANT,
      contacts: CONTACTS,
      threads: THREADS,
      messagesPerThread: MESSAGES_PER_THREAD,
    });
    const counts = await db.query(
      `select (select count(*) from contact)::int as contacts, (select count(*) from sms_thread)::int as threads,
              (select count(*) from sms_message)::int as messages`,
    );
    console.log(`seeded in ${Math.round(performance.now() - seedStarted)} ms:`, counts.rows[0]);

    api = spawn(process.execPath, ['api/src/main.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const ready = await call('GET', '/readyz').catch(() => ({ status: 0 }));
      if (ready.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const login = await call('POST', '/api/login', {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
    const user = JSON.parse(login.text);
    const cookie = [login.headers['set-cookie']]
      .flat()
      .map((value) => value.split(';')[0])
      .join('; ');
    const headers = { Cookie: cookie, 'X-Tenant-Id': user.tenantId, 'X-User-Id': user.id };
    const get = (path) => call('GET', path, { headers });

    // Warm-up: JIT, plans, caches.
    await latency(20, () => get('/api/sms/threads'));
    await latency(20, (i) => get(`/api/sms/threads/${encodeURIComponent(phoneOf(i))}`));
    await latency(20, () => get('/api/contacts'));
    await latency(50, (i) => inbound(`SMwarm${i}`, phoneOf(i), 'warm-up'));

    const threads = await latency(SAMPLES, () => get('/api/sms/threads'));
    // The page after the first 2,000 threads (the Link header's cursor), and a search by name.
    let deepPage = '/api/sms/threads?limit=100';
    for (let page = 0; page < 20; page += 1)
      deepPage = (await get(deepPage)).headers.link.match(/<([^>]+)>/)[1].replace('limit=100', 'limit=50');
    const deep = await latency(SAMPLES, () => get(deepPage));
    const search = await latency(SAMPLES, (i) =>
      get(`/api/sms/threads?q=${encodeURIComponent(`Contact 0${(i * 37) % 5000}`)}`),
    );
    const thread = await latency(SAMPLES, (i) =>
      get(`/api/sms/threads/${encodeURIComponent(phoneOf((i * 7) % THREADS))}`),
    );
    const contacts = await latency(SAMPLES, () => get('/api/contacts'));
    const webhook = await latency(SAMPLES, (i) =>
      inbound(`SMlatency${i}`, phoneOf((i * 13) % THREADS), 'Latency check'),
    );
    const listBytes = (await get('/api/sms/threads')).text.length;
    const threadBody = JSON.parse((await get(`/api/sms/threads/${encodeURIComponent(phoneOf(1))}`)).text);

    const result = await flood();
    const rows = await db.query(
      `select count(*)::int as rows, count(distinct twilio_sid)::int as sids from sms_message where twilio_sid like 'SMflood%'`,
    );
    await db.end();

    const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);
    const verdict = (ok) => (ok ? 'ok' : 'MISSED');
    const row = (label, stats, target) =>
      console.log(
        `  ${label.padEnd(52)} p50 ${ms(stats.p50)}  p95 ${ms(stats.p95)}  max ${ms(stats.max)}  [p95 <= ${target} ms: ${verdict(stats.p95 <= target)}]`,
      );
    console.log(`\nlatency, one request at a time over loopback (${SAMPLES} samples each):`);
    row(
      `GET /api/sms/threads (first page of 5,000, ${(listBytes / 1e3).toFixed(0)} KB)`,
      threads,
      TARGETS.threads,
    );
    row('GET /api/sms/threads?after= (the page after 2,000)', deep, TARGETS.threads);
    row('GET /api/sms/threads?q= (a search by name)', search, TARGETS.threads);
    row(`GET /api/sms/threads/:phone (latest ${threadBody.messages.length} of 50+)`, thread, TARGETS.thread);
    row('GET /api/contacts (first page of 5,000)', contacts, TARGETS.contacts);
    row('POST /api/sms/webhooks/inbound (signed, new text)', webhook, TARGETS.webhook);
    const exact = rows.rows[0].rows === result.messages && rows.rows[0].sids === result.messages;
    console.log(
      `\nwebhook flood: ${result.sent} webhooks at ${result.rate.toFixed(0)}/s (target ${FLOOD_RATE}/s), each text ${REPEATS} times; ` +
        `${result.failed} failed; ${rows.rows[0].rows} rows for ${result.messages} texts [exactly one each: ${verdict(exact && result.failed === 0)}]`,
    );
  } catch (error) {
    console.error('benchmark failed:', error);
    process.exitCode = 1;
  } finally {
    if (api && api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise((resolve) => api.once('exit', resolve));
    }
    if (!KEEP) await admin.query(`drop database if exists ${DATABASE} with (force)`).catch(() => {});
    await admin.end();
    agent.destroy();
  }
}

await main();
