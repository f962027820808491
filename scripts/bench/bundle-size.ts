#!/usr/bin/env node
// What a browser downloads, counted on the wire: serves the production builds through the API's own
// static server code (precompressed Brotli/gzip, login page vs app page; see lib/production-pages.ts),
// drives Debian's Chromium and reads each response's transferred bytes from the DevTools protocol
// (`encodedDataLength`), next to the gzip-9 size of the decoded JS/CSS (the old file-based figure).
// Flows, in one browser profile as a user would: the login screen (cold cache), signing in to the home
// page (voice), then each further remote route by in-app navigation. Prints the targets beside the
// figures; exits 1 only when a page fails to load. Run after `node scripts/build-apps.mjs`.
import { REMOTE_NAMES } from '@annie/api-client/contracts/remotes';
import { ROUTE_TABLE } from '@annie/api-client/contracts/routes';
import { launchChromium } from '../lib/chromium.ts';
import { startProductionPages } from '../lib/production-pages.ts';
import { recordTransfers, summarize, type Transfer } from '../lib/transfer-recorder.ts';
import { benchOptions } from './benchmarks.ts';

benchOptions('bundle-size', {});

// The first parameterless `./app` route of each remote but voice (home), then the admin-only console.
const FURTHER_ROUTES: [string, string][] = [
  ...REMOTE_NAMES.filter((name) => name !== 'voice').map((name) => {
    const route = ROUTE_TABLE.find((r) => r.remote === name && r.module === './app' && !r.path.includes(':'));
    if (!route) throw new Error(`the shell's route table has no ${name} page`);
    return [name, route.path.replace(/\/\*$/, '') || '/'] as [string, string];
  }),
  ['voice console', '/voice/console'],
];
const TARGETS = { login: 80 * 1024, homeAssets: 250 * 1024, homeRequests: 25, route: 40 * 1024 };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printResponses(title: string, entries: readonly Transfer[]): void {
  console.log(`\n${title}`);
  for (const entry of [...entries].sort((a, b) => b.transferred - a.transferred)) {
    const gzip = entry.gzip === undefined ? '' : `${kb(entry.gzip).padStart(9)} gzip-of-file`;
    const encoding = (entry.encoding || (entry.cached ? 'cache' : 'none')).padEnd(5);
    console.log(
      `  ${kb(entry.transferred).padStart(9)} ${encoding} ${gzip.padEnd(22)} ${entry.status} ${entry.url}`,
    );
  }
}

function row(label: string, summary: ReturnType<typeof summarize>, target?: string): string {
  const verdict = target ? `  target ${target}` : '';
  return `  ${label.padEnd(34)} ${kb(summary.transferred).padStart(9)} all, ${String(summary.requests).padStart(3)} req | JS+CSS ${kb(summary.assetTransferred).padStart(9)} in ${String(summary.assetRequests).padStart(2)} (gzip-of-file ${kb(summary.gzipOfFiles)})${verdict}`;
}

const server = await startProductionPages();
const browser = await launchChromium();
let failed = false;
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const recorder = await recordTransfers(page);

  await page.goto(`${server.origin}/`);
  await page.locator('button[type=submit]:not([disabled])').waitFor();
  await recorder.quiet();
  const login = recorder.take();

  await page.getByLabel('Username').fill('bench');
  await page.getByLabel('Password').fill('bench-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 30_000 });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await recorder.quiet();
  const home = recorder.take();

  const routes: { name: string; entries: Transfer[] }[] = [];
  for (const [name, path] of FURTHER_ROUTES) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await recorder.quiet();
    // The shell's remote-load fallback; a page's own LoadFailed (its data calls get the fake's 404s) is fine.
    if ((await page.getByText('This section could not be loaded.').count()) > 0) {
      failed = true;
      console.error(`  ${name}: ${path} shows the load-error fallback`);
    }
    routes.push({ name: `+ ${name} (${path})`, entries: recorder.take() });
  }
  await context.close();

  printResponses('Login screen, cold cache (every response)', login);
  printResponses('Sign in -> home page (every response after the click)', home);
  for (const route of routes) printResponses(`Then ${route.name}`, route.entries);

  const loginSummary = summarize(login);
  const homeSummary = summarize(home);
  console.log('\nBytes on the wire (CDP encodedDataLength: headers + body as sent), per step');
  console.log(row('login screen (whole page)', loginSummary, `<= ${kb(TARGETS.login)} all`));
  console.log(
    row(
      'sign in -> home (voice)',
      homeSummary,
      `<= ${kb(TARGETS.homeAssets)} JS+CSS, <= ${TARGETS.homeRequests} req`,
    ),
  );
  for (const route of routes)
    console.log(row(route.name, summarize(route.entries), `<= ${kb(TARGETS.route)} all`));
  const verdicts: [string, boolean][] = [
    ['login <= 80 KB', loginSummary.transferred <= TARGETS.login],
    ['home JS+CSS <= 250 KB', homeSummary.assetTransferred <= TARGETS.homeAssets],
    ['home <= 25 requests', homeSummary.requests <= TARGETS.homeRequests],
    ...routes.map((route): [string, boolean] => [
      `${route.name} <= 40 KB`,
      summarize(route.entries).transferred <= TARGETS.route,
    ]),
  ];
  console.log(
    `\nTargets: ${verdicts.map(([name, met]) => `${name}: ${met ? 'met' : 'NOT met'}`).join('; ')}`,
  );
} finally {
  await browser.close();
  await server.close();
}
process.exit(failed ? 1 : 0);
