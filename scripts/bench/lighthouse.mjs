#!/usr/bin/env node
// Lighthouse (mobile preset: simulated slow 4G and 4x CPU slowdown) in Debian's Chromium against the
// production builds served by the API's static server code (lib/production-pages.mjs): the login screen
// signed out, and the home page signed in (the session cookie is sent with every request). Prints the
// median performance score, LCP and total transfer of RUNS runs each, beside the targets.
// With --quality, the accessibility and best-practices scores instead, with the audits that fail them.
// With --origin URL (and ANNIE_USER / ANNIE_PASSWORD for the sign-in), a running AnnieAI instead of the
// static pages with a stand-in API, so that the signed-in home makes its real API requests.
// Usage: node scripts/bench/lighthouse.mjs [--quick (one run each)] [--quality] [--origin URL]
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { startProductionPages } from './lib/production-pages.mjs';

const RUNS = process.argv.includes('--quick') ? 1 : 3;
const QUALITY = process.argv.includes('--quality');
const ORIGIN = process.argv.includes('--origin')
  ? process.argv[process.argv.indexOf('--origin') + 1]
  : undefined;

/** A running instance: its origin and a session cookie from signing in through its API. */
async function runningInstance(origin) {
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
// chrome-launcher comes with lighthouse; resolved from there rather than added to the root.
const lighthouseDir = dirname(createRequire(import.meta.url).resolve('lighthouse/package.json'));
const chromeLauncher = await import(
  pathToFileURL(createRequire(`${lighthouseDir}/package.json`).resolve('chrome-launcher')).href
);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Accessibility and best practices of one page, and the audits that cost points. */
async function qualityAudit(chrome, url, headers) {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['accessibility', 'best-practices'],
    ...(headers ? { extraHeaders: headers } : {}),
  });
  const failing = Object.values(lhr.categories)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0))
    .filter((ref) => (lhr.audits[ref.id].score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
    failing,
  };
}

async function audit(chrome, url, headers) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(headers ? { extraHeaders: headers } : {}),
  });
  const { lhr } = result;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    bytes: lhr.audits['total-byte-weight'].numericValue,
  };
}

const server = ORIGIN ? await runningInstance(ORIGIN) : await startProductionPages();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
try {
  const pages = [
    { name: 'login screen (signed out)', url: `${server.origin}/`, target: 'score >= 95, LCP <= 1.5 s' },
    {
      name: 'home page (signed in)',
      url: `${server.origin}/`,
      headers: { Cookie: server.cookieHeader ?? `${server.cookie.name}=${server.cookie.value}` },
      target: 'score >= 90',
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
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await audit(chrome, page.url, page.headers));
    const pick = (field) => median(runs.map((r) => r[field]));
    console.log(
      `  ${page.name.padEnd(28)} performance ${String(pick('score')).padStart(3)}  LCP ${(pick('lcp') / 1000).toFixed(2)} s  FCP ${(pick('fcp') / 1000).toFixed(2)} s  TBT ${Math.round(pick('tbt'))} ms  transfer ${(pick('bytes') / 1024).toFixed(1)} KB   (target ${page.target}; scores ${runs.map((r) => r.score).join(', ')})`,
    );
  }
} finally {
  chrome.kill();
  await server.close();
}
