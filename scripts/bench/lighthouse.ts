#!/usr/bin/env node
// Lighthouse (mobile preset: simulated slow 4G and 4x CPU slowdown) in Debian's Chromium against the
// production builds served by the API's static server code (lib/production-pages.ts): the login screen
// signed out, and the home page signed in (the session cookie is sent with every request). Prints each
// run's performance score, LCP (and which element it was), FCP and TBT, and the median of RUNS runs with the total transfer, beside the
// targets.
// With --quality, the accessibility and best-practices scores instead, with the audits that fail them.
// With --origin URL (and ANNIE_USER / ANNIE_PASSWORD for the sign-in), a running AnnieAI instead of the
// static pages with a stand-in API, so that the signed-in home makes its real API requests.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { startProductionPages } from '../lib/production-pages.ts';
import { benchOptions } from './benchmarks.ts';

const OPTIONS = benchOptions('lighthouse', {
  quick: { type: 'boolean', help: 'one run per page instead of three' },
  quality: { type: 'boolean', help: 'accessibility and best-practices scores, with the failing audits' },
  tasks: {
    type: 'boolean',
    help: 'with each run, its long tasks and main-thread time by kind and by script',
  },
  origin: {
    type: 'string',
    value: 'url',
    help: 'a running AnnieAI instead of the static pages (sign-in: ANNIE_USER, ANNIE_PASSWORD)',
  },
});
const RUNS = OPTIONS.quick ? 1 : 3;
const QUALITY = OPTIONS.quality;
const ORIGIN = OPTIONS.origin;
const TASKS = OPTIONS.tasks;

interface Server {
  origin: string;
  cookieHeader?: string;
  cookie?: { name: string; value: string };
  close(): Promise<void>;
}

/** A running instance: its origin and a session cookie from signing in through its API. */
async function runningInstance(origin: string): Promise<Server> {
  const response = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({
      username: process.env.ANNIE_USER ?? 'admin',
      password: process.env.ANNIE_PASSWORD,
    }),
  });
  if (!response.ok) throw new Error(`sign-in at ${origin} answered ${response.status}`);
  const cookieHeader = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  return { origin, cookieHeader, close: async () => {} };
}
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'];
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Accessibility and best practices of one page, and the audits that cost points. */
type Chrome = Awaited<ReturnType<typeof chromeLauncher.launch>>;

async function run(chrome: Chrome, url: string, headers: Record<string, string> | undefined, flags: Flags) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    ...flags,
    ...(headers ? { extraHeaders: headers } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  return result.lhr;
}

async function qualityAudit(chrome: Chrome, url: string, headers?: Record<string, string>) {
  const lhr = await run(chrome, url, headers, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['accessibility', 'best-practices'],
  });
  const failing = Object.values(lhr.categories)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0))
    .filter((ref) => (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    failing,
  };
}

async function audit(chrome: Chrome, url: string, headers?: Record<string, string>) {
  const lhr = await run(chrome, url, headers, { onlyCategories: ['performance'] });
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    bytes: value('total-byte-weight'),
    lcpElement: lcpElementOf(lhr.audits['lcp-breakdown-insight']?.details),
    tasks: TASKS ? mainThreadSummary(lhr.audits) : [],
  };
}

type Audits = Record<string, { details?: unknown } | undefined>;
type Row = Record<string, unknown>;
const rowsOf = (audits: Audits, id: string): Row[] =>
  ((audits[id]?.details as { items?: Row[] } | undefined)?.items ?? []) as Row[];
const ms = (value: unknown) => `${Math.round(Number(value))} ms`;

/**
 * Where the main thread's time went (observed, unthrottled; Lighthouse's simulated TBT multiplies these by
 * its 4x CPU slowdown): the long tasks with their start and script, the breakdown by kind of work, and the
 * time per script.
 */
function mainThreadSummary(audits: Audits): string[] {
  const longTasks = rowsOf(audits, 'long-tasks').map(
    (task) => `long task at ${ms(task.startTime)}: ${ms(task.duration)} (${String(task.url ?? '?')})`,
  );
  const byKind = rowsOf(audits, 'mainthread-work-breakdown')
    .map((row) => `${String(row.groupLabel ?? row.group)} ${ms(row.duration)}`)
    .join(', ');
  const byScript = rowsOf(audits, 'bootup-time')
    .map(
      (row) =>
        `${String(row.url).replace(/^https?:\/\/[^/]+/, '')} ${ms(row.total)} (script ${ms(row.scripting)}, parse ${ms(row.scriptParseCompile)})`,
    )
    .join(', ');
  return [...longTasks, `by kind: ${byKind}`, `by script: ${byScript}`];
}

type NodeItem = { type?: string; nodeLabel?: string; selector?: string };

/** The LCP element's label and selector: the node item of the LCP breakdown insight's list. */
function lcpElementOf(details: unknown): string {
  const items = (details as { items?: NodeItem[] } | undefined)?.items ?? [];
  const node = items.find((item) => item.type === 'node');
  return node ? `"${(node.nodeLabel ?? '').slice(0, 40)}" (${node.selector ?? '?'})` : 'unknown';
}

const server: Server = ORIGIN ? await runningInstance(ORIGIN) : await startProductionPages();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
try {
  const pages: { name: string; url: string; headers?: Record<string, string>; target: string }[] = [
    { name: 'login screen (signed out)', url: `${server.origin}/`, target: 'score >= 95, LCP <= 1.0 s' },
    {
      name: 'home page (signed in)',
      url: `${server.origin}/`,
      headers: { Cookie: server.cookieHeader ?? `${server.cookie?.name}=${server.cookie?.value}` },
      target: 'score >= 98, LCP <= 2.0 s, TBT <= 100 ms',
    },
  ];
  if (QUALITY) {
    console.log('Lighthouse mobile: accessibility and best practices');
    for (const page of pages) {
      const result = await qualityAudit(chrome, page.url, page.headers);
      const failing =
        result.failing.length > 0 ? `failing: ${result.failing.join(', ')}` : 'no failing audit';
      console.log(
        `  ${page.name.padEnd(28)} accessibility ${result.accessibility}  best practices ${result.bestPractices}  (${failing})`,
      );
    }
  }
  if (!QUALITY) console.log(`Lighthouse mobile, median of ${RUNS} run(s)`);
  for (const page of QUALITY ? [] : pages) {
    const runs: Awaited<ReturnType<typeof audit>>[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await audit(chrome, page.url, page.headers));
    const pick = (field: 'score' | 'lcp' | 'fcp' | 'tbt' | 'bytes'): number =>
      median(runs.map((r) => r[field]));
    console.log(
      `  ${page.name.padEnd(28)} performance ${String(pick('score')).padStart(3)}  LCP ${(pick('lcp') / 1000).toFixed(2)} s  FCP ${(pick('fcp') / 1000).toFixed(2)} s  TBT ${Math.round(pick('tbt'))} ms  transfer ${(pick('bytes') / 1024).toFixed(1)} KB   (target ${page.target})`,
    );
    for (const [index, result] of runs.entries())
      console.log(
        `    run ${index + 1}: performance ${result.score}  LCP ${(result.lcp / 1000).toFixed(2)} s  FCP ${(result.fcp / 1000).toFixed(2)} s  TBT ${Math.round(result.tbt)} ms  LCP element ${result.lcpElement}`,
      );
    for (const line of runs.flatMap((result) => result.tasks)) console.log(`      ${line}`);
  }
} finally {
  chrome.kill();
  await server.close();
}
