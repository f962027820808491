#!/usr/bin/env node
// Messaging as the executive feels it, in Debian's Chromium, at scale (5,000 contacts, 5,000
// threads, 250,000 messages in a database of its own): the production API and builds, signed in.
// Prints
//   - the Messages screen: navigation → the first thread row shown;
//   - typing in its search a key every 80 ms: every main-thread task over 50 ms (PerformanceObserver
//     'longtask') from the first key until the results settle — the target is none;
//   - live events: a signed inbound Twilio webhook posted → its text on screen, in the open list and in
//     the open conversation (target ≤ 500 ms); the clock is Date.now() on both sides (one machine).
// Run after `node scripts/build-apps.mjs`; BENCH_BUILD_ROOT serves another checkout's builds.
import type { Browser, Page } from '@playwright/test';
import { benchApiEnv, type RunningApi, runCli, signIn, startApi } from '../lib/api-process.ts';
import { launchChromium } from '../lib/chromium.ts';
import { connect, createBenchDatabase } from '../lib/database.ts';
import { get } from '../lib/http.ts';
import { phoneOf, seedMessaging } from '../lib/messaging-seed.ts';
import { ROOT } from '../lib/root.ts';
import { ms, type Summary, summary, verdict } from '../lib/stats.ts';
import { inboundText, twilioSigned } from '../lib/twilio-webhook.ts';
import { benchOptions } from './benchmarks.ts';

const OPTIONS = benchOptions('messaging-browser', {
  keep: { type: 'boolean', help: 'leave the database for inspection' },
});

interface LongTask {
  start: number;
  duration: number;
}

declare global {
  interface Window {
    __longTasks: LongTask[];
  }
}

const PORT = Number(process.env.BENCH_PORT ?? 4193);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const TENANT = 'default';
const PASSWORD = 'bench-password-1';
const TWILIO = { publicUrl: ORIGIN, authToken: 'bench-twilio-auth-token' };
const NUMBER = '+14155550100';
const SCALE = { contacts: 5_000, threads: 5_000, messagesPerThread: 50 };
const LIVE_SAMPLES = 15;
const KEY_DELAY_MS = 80;
const SEARCH = 'Contact 04321';

/** Posts a signed inbound text; resolves with Date.now() just before sending. */
async function inbound(sid: string, from: string, body: string): Promise<number> {
  const path = '/api/sms/webhooks/inbound';
  const { headers, body: form } = twilioSigned(TWILIO, path, inboundText(sid, from, NUMBER, body));
  const sentAt = Date.now();
  const response = await rawPost(path, form, headers);
  if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
  return sentAt;
}

function rawPost(path: string, form: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${ORIGIN}${path}`, { method: 'POST', headers, body: form });
}

/** Date.now() in the page when `text` first shows (checked every animation frame). */
async function shownAt(page: Page, text: string): Promise<number> {
  const handle = await page.waitForFunction(
    (expected) => document.body.textContent?.includes(expected) && Date.now(),
    text,
    { polling: 'raf', timeout: 10_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function liveLatency(page: Page, label: string, fromIndex: (i: number) => number): Promise<Summary> {
  const delays: number[] = [];
  for (let i = 0; i < LIVE_SAMPLES; i += 1) {
    const text = `Live check ${label} ${i} ${Date.now()}`;
    const seen = shownAt(page, text);
    const sentAt = await inbound(`SMlive${label}${i}${Date.now()}`, phoneOf(fromIndex(i)), text);
    delays.push((await seen) - sentAt);
  }
  return summary(delays);
}

const database = await createBenchDatabase('annie_bench_messaging_browser', { keep: OPTIONS.keep });
const env = benchApiEnv({
  port: PORT,
  databaseUrl: database.url,
  dataDir: '.data/bench-messaging-browser',
  extra: {
    PUBLIC_URL: ORIGIN,
    STATIC_ROOT: process.env.BENCH_BUILD_ROOT ?? ROOT,
    TWILIO_ACCOUNT_SID: 'ACbench',
    TWILIO_AUTH_TOKEN: TWILIO.authToken,
    TWILIO_PHONE_NUMBER: NUMBER,
    TWILIO_API_BASE_URL: 'http://127.0.0.1:9', // nothing is sent in this benchmark
  },
});
let api: RunningApi | undefined;
let browser: Browser | undefined;
try {
  runCli(env, ['user:create', '--username', 'bench', '--password', PASSWORD, '--tenant', TENANT]);
  const db = await connect(database.url);
  await seedMessaging(db, { tenant: TENANT, ...SCALE });
  await db.end();
  api = await startApi(env);
  const { headers } = await signIn(PORT, 'bench', PASSWORD);
  await get(PORT, '/api/sms/threads', headers); // warm the API's caches and plans

  browser = await launchChromium();
  const context = await browser.newContext();
  await context.addCookies(
    headers.Cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name ?? '', value: value.join('='), url: ORIGIN };
    }),
  );
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });

  const navigated = Date.now();
  await page.goto(`${ORIGIN}/sms`);
  const rows = page.getByRole('list', { name: 'Conversations' }).getByRole('listitem');
  await rows.first().waitFor();
  const firstRow = Date.now() - navigated;

  const search = page.getByPlaceholder('Search messages...');
  const typingStarted = await page.evaluate(() => performance.now());
  await search.pressSequentially(SEARCH, { delay: KEY_DELAY_MS });
  await page.waitForFunction(
    () => document.querySelectorAll('ul[aria-label="Conversations"] > li').length === 1,
    undefined,
    { polling: 'raf', timeout: 10_000 },
  );
  const typingEnded = await page.evaluate(() => performance.now());
  const longTasks = await page.evaluate(
    (since) => window.__longTasks.filter((task) => task.start >= since),
    typingStarted,
  );
  await search.fill('');
  await rows.nth(1).waitFor();

  // Family threads come first (n % 6 === 0 is family), so a new text there moves its row to the top.
  const inList = await liveLatency(page, 'list', (i) => i * 6 * 7);
  await page.goto(`${ORIGIN}/sms/${encodeURIComponent(phoneOf(4321))}`);
  await page.getByText('Message 0 about').first().waitFor();
  const inThread = await liveLatency(page, 'thread', () => 4321);

  const longest = longTasks.reduce((max, task) => Math.max(max, task.duration), 0);
  console.log(`\nmessaging in Chromium, ${SCALE.threads} threads / ${SCALE.contacts} contacts:`);
  console.log(`  /sms navigation → first thread row                   ${ms(firstRow)}`);
  console.log(
    `  typing "${SEARCH}" (${SEARCH.length} keys, ${KEY_DELAY_MS} ms apart, ${ms(typingEnded - typingStarted)} until settled): ` +
      `${longTasks.length} task(s) over 50 ms, longest ${ms(longest)} [none over 50 ms: ${verdict(longTasks.length === 0)}]`,
  );
  const row = (label: string, stats: Summary) =>
    console.log(
      `  ${label.padEnd(52)} p50 ${ms(stats.p50)}  p95 ${ms(stats.p95)}  max ${ms(stats.max)}  [p95 <= 500 ms: ${verdict(stats.p95 <= 500)}]`,
    );
  console.log(`live events, inbound webhook posted → text on screen (${LIVE_SAMPLES} samples each):`);
  row('the open Messages list', inList);
  row('the open conversation', inThread);
} catch (error) {
  console.error('benchmark failed:', error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await api?.stop();
  await database.drop();
}
