#!/usr/bin/env node
// Lighthouse (mobile preset: simulated slow 4G and 4x CPU slowdown) in Debian's Chromium against the
// production builds served by the API's static server code (lib/production-pages.mjs): the login screen
// signed out, and the home page signed in (the session cookie is sent with every request). Prints the
// median performance score, LCP and total transfer of RUNS runs each, beside the targets.
// Usage: node scripts/bench/lighthouse.mjs [--quick (one run each)]
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { startProductionPages } from './lib/production-pages.mjs';

const RUNS = process.argv.includes('--quick') ? 1 : 3;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'];
// chrome-launcher comes with lighthouse; resolved from there rather than added to the root.
const lighthouseDir = dirname(createRequire(import.meta.url).resolve('lighthouse/package.json'));
const chromeLauncher = await import(
  pathToFileURL(createRequire(`${lighthouseDir}/package.json`).resolve('chrome-launcher')).href
);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

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

const server = await startProductionPages();
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
      headers: { Cookie: `${server.cookie.name}=${server.cookie.value}` },
      target: 'score >= 90',
    },
  ];
  console.log(`Lighthouse mobile, median of ${RUNS} run(s)`);
  for (const page of pages) {
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
