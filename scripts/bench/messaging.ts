#!/usr/bin/env node
// Messaging speed at scale: one tenant with 5,000 contacts, 5,000 SMS threads and 250,000
// messages in a database of its own on the local PostgreSQL; starts the production API as a child with
// Twilio configured (no send happens: only webhooks and reads are measured) and prints p50/p95 of the
// thread list, one thread, the contact list and the signed inbound webhook (one request at a time),
// then drives 300 webhooks/s for a while with every message delivered ten times and counts the rows.
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { benchApiEnv, type RunningApi, runCli, signIn, startApi } from '../lib/api-process.ts';
import { connect, createBenchDatabase } from '../lib/database.ts';
import { closeConnections } from '../lib/http.ts';
import { sleep } from '../lib/load.ts';
import { phoneOf, seedMessaging } from '../lib/messaging-seed.ts';
import { type Summary, summary, verdict } from '../lib/stats.ts';
import { inboundText, twilioSigned } from '../lib/twilio-webhook.ts';
import { benchOptions } from './benchmarks.ts';

const OPTIONS = benchOptions('messaging', {
  quick: { type: 'boolean', help: 'fewer samples and a shorter flood' },
  keep: { type: 'boolean', help: 'leave the database for inspection' },
});
const DATABASE = 'annie_bench_messaging';
const API_PORT = Number(process.env.BENCH_PORT ?? 4192);
const PUBLIC_URL = `http://127.0.0.1:${API_PORT}`;
const QUICK = OPTIONS.quick;
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

// More connections than lib/http.ts allows: the flood keeps up to a few hundred requests in flight.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

function call(
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: API_PORT, path, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

function inbound(sid: string, from: string, body: string): Promise<Answer> {
  const path = '/api/sms/webhooks/inbound';
  const twilio = { publicUrl: PUBLIC_URL, authToken: AUTH_TOKEN };
  return call('POST', path, twilioSigned(twilio, path, inboundText(sid, from, NUMBER, body)));
}

async function latency(samples: number, next: (index: number) => Promise<Answer>): Promise<Summary> {
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    const response = await next(i);
    times.push(performance.now() - started);
    if (response.status >= 300)
      throw new Error(`answered ${response.status}: ${response.text.slice(0, 200)}`);
  }
  return summary(times);
}

/** FLOOD_RATE webhooks a second for FLOOD_SECONDS, each message delivered REPEATS times (sent in a row). */
async function flood() {
  const total = FLOOD_RATE * FLOOD_SECONDS;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  let failed = 0;
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / FLOOD_RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
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

async function main(): Promise<void> {
  const database = await createBenchDatabase(DATABASE, { keep: OPTIONS.keep });
  let api: RunningApi | undefined;
  try {
    const env = benchApiEnv({
      port: API_PORT,
      databaseUrl: database.url,
      dataDir: '.data/bench-messaging',
      extra: {
        PUBLIC_URL,
        TWILIO_ACCOUNT_SID: 'ACbench',
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_PHONE_NUMBER: NUMBER,
        TWILIO_API_BASE_URL: 'http://127.0.0.1:9',
      },
    });
    runCli(env, ['user:create', '--username', 'bench', '--password', PASSWORD, '--tenant', TENANT]);
    const db = await connect(database.url);
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

    api = await startApi(env);
    const { headers } = await signIn(API_PORT, 'bench', PASSWORD);
    const get = (path: string) => call('GET', path, { headers });

    // Warm-up: JIT, plans, caches.
    await latency(20, () => get('/api/sms/threads'));
    await latency(20, (i) => get(`/api/sms/threads/${encodeURIComponent(phoneOf(i))}`));
    await latency(20, () => get('/api/contacts'));
    await latency(50, (i) => inbound(`SMwarm${i}`, phoneOf(i), 'warm-up'));

    const threads = await latency(SAMPLES, () => get('/api/sms/threads'));
    // The page after the first 2,000 threads (the Link header's cursor), and a search by name.
    let deepPage = '/api/sms/threads?limit=100';
    for (let page = 0; page < 20; page += 1)
      deepPage = (/<([^>]+)>/.exec(String((await get(deepPage)).headers.link))?.[1] ?? '').replace(
        'limit=100',
        'limit=50',
      );
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
    const threadBody = JSON.parse((await get(`/api/sms/threads/${encodeURIComponent(phoneOf(1))}`)).text) as {
      messages: unknown[];
    };

    const result = await flood();
    const rows = await db.query<{ rows: number; sids: number }>(
      `select count(*)::int as rows, count(distinct twilio_sid)::int as sids from sms_message where twilio_sid like 'SMflood%'`,
    );
    await db.end();

    const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
    const row = (label: string, stats: Summary, target: number) =>
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
    const counted = rows.rows[0] ?? { rows: 0, sids: 0 };
    const exact = counted.rows === result.messages && counted.sids === result.messages;
    console.log(
      `\nwebhook flood: ${result.sent} webhooks at ${result.rate.toFixed(0)}/s (target ${FLOOD_RATE}/s), each text ${REPEATS} times; ` +
        `${result.failed} failed; ${counted.rows} rows for ${result.messages} texts [exactly one each: ${verdict(exact && result.failed === 0)}]`,
    );
  } catch (error) {
    console.error('benchmark failed:', error);
    process.exitCode = 1;
  } finally {
    await api?.stop();
    await database.drop();
    agent.destroy();
    closeConnections();
  }
}

await main();
