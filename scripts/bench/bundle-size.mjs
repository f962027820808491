#!/usr/bin/env node
// Bundle bytes as a browser downloads them: serves the production builds (shell/dist at /, each
// remote's dist at /remotes/<name>/), loads pages in Debian's Chromium and sums the gzip size of every
// JS and CSS response. Figures: what the login screen loads, what the signed-in shell adds, and what
// each remote adds when its first route opens. Run after `pnpm --filter ./shell --filter './remotes/*'
// run build`. The only API answers are the two the shell needs before a remote renders
// (/api/auth/user and /api/modules); anything else is a 404, which the pages handle.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { REMOTE_NAMES as REMOTES } from '../../packages/api-client/src/contracts/remotes.ts';
import { ROUTE_TABLE } from '../../shell/src/app/route-table.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// A representative route per remote: the first parameterless `./app` route of the shell's route table
// (the admin-only Voice Console is measured on its own).
const REMOTE_ROUTES = Object.fromEntries(
  REMOTES.map((name) => {
    const route = ROUTE_TABLE.find((r) => r.remote === name && r.module === './app' && !r.path.includes(':'));
    if (!route) throw new Error(`the shell's route table has no ${name} page`);
    return [name, route.path.replace(/\/\*$/, '') || '/'];
  }),
);
const BUDGET = { js: 180 * 1024, css: 40 * 1024 };
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
};

const dists = { shell: join(ROOT, 'shell/dist') };
for (const name of REMOTES) dists[name] = join(ROOT, 'remotes', name, 'dist');
for (const [app, dir] of Object.entries(dists)) {
  if (!existsSync(dir)) {
    console.error(
      `${app} is not built (${dir} is missing); run: pnpm --filter ./shell --filter './remotes/*' run build`,
    );
    process.exit(1);
  }
}

const harness = { user: null };
const ADMIN = {
  id: 'bench-user',
  username: 'bench',
  email: 'bench@localhost',
  isAdmin: true,
  tenantId: 'default',
};

function sendFile(res, file) {
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
}

function sendJson(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function fileUnder(dir, urlPath) {
  const file = normalize(join(dir, decodeURIComponent(urlPath)));
  return file.startsWith(dir) && existsSync(file) && statSync(file).isFile() ? file : null;
}

const server = createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname === '/api/auth/user') {
    return harness.user ? sendJson(res, 200, harness.user) : sendJson(res, 401, { message: 'Not signed in' });
  }
  if (pathname === '/api/modules') {
    const remotes = REMOTES.map((name) => ({
      name,
      entry: `/remotes/${name}/mf-manifest.json`,
      version: 'bench',
    }));
    return sendJson(res, 200, { remotes });
  }
  if (pathname.startsWith('/api/')) return sendJson(res, 404, { message: 'Not found', code: 'not_found' });
  const remote = /^\/remotes\/([a-z]+)(\/.*)$/.exec(pathname);
  if (remote) {
    const file = dists[remote[1]] && fileUnder(dists[remote[1]], remote[2]);
    return file ? sendFile(res, file) : sendJson(res, 404, { message: 'Not found', code: 'not_found' });
  }
  const file = fileUnder(dists.shell, pathname);
  if (file) return sendFile(res, file);
  // SPA fallback for page paths only: a missing asset stays a 404.
  if (extname(pathname)) return sendJson(res, 404, { message: 'Not found', code: 'not_found' });
  return sendFile(res, join(dists.shell, 'index.html'));
});

await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const { chromium } = createRequire(join(ROOT, 'e2e/package.json'))('@playwright/test');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });

/** Opens a page that records every JS/CSS response with its raw and gzip size. */
async function recordingPage() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const assets = [];
  const pending = new Set();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  page.on('response', async (response) => {
    const kind = /\.css(\?|$)/.test(response.url()) ? 'css' : /\.js(\?|$)/.test(response.url()) ? 'js' : null;
    if (!kind || !response.ok()) return;
    const body = await response.body();
    assets.push({
      kind,
      url: response.url().replace(origin, ''),
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  });
  async function quiet(ms = 750) {
    let calm = 0;
    while (calm < ms) {
      await page.waitForTimeout(50);
      calm = pending.size === 0 ? calm + 50 : 0;
    }
  }
  return { context, page, assets, quiet };
}

function total(assets, kind) {
  return assets.filter((asset) => asset.kind === kind).reduce((sum, asset) => sum + asset.gzip, 0);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function printAssets(title, assets) {
  console.log(`\n${title}`);
  for (const asset of [...assets].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${kb(asset.gzip).padStart(9)} gzip  ${kb(asset.raw).padStart(9)} raw  ${asset.url}`);
  }
  console.log(`  JS ${kb(total(assets, 'js'))} gzip, CSS ${kb(total(assets, 'css'))} gzip`);
}

let failed = false;
try {
  // 1. The login screen: no session.
  harness.user = null;
  const login = await recordingPage();
  await login.page.goto(`${origin}/`);
  await login.page.getByRole('button', { name: 'Sign In' }).waitFor();
  await login.quiet();
  printAssets('Login screen (first load, signed out)', login.assets);
  const loginJs = total(login.assets, 'js');
  const loginCss = total(login.assets, 'css');
  await login.context.close();

  // 2. Signed in on a shell-only page, then each remote's first route, navigating inside the app.
  harness.user = ADMIN;
  const rows = [];
  for (const [name, route] of [...Object.entries(REMOTE_ROUTES), ['voice (./console)', '/voice/console']]) {
    const session = await recordingPage();
    await session.page.goto(`${origin}/privacy-policy`);
    await session.page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    await session.quiet();
    const before = session.assets.length;
    if (name === 'voice')
      rows.push({ name: 'signed-in shell (a shell-only page)', assets: [...session.assets] });
    await session.page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, route);
    await session.page.getByRole('heading', { level: 1 }).first().waitFor();
    await session.quiet();
    const alert = await session.page.getByRole('alert').count();
    if (alert > 0) {
      failed = true;
      console.error(`  ${name}: the route ${route} shows the load-error fallback`);
    }
    rows.push({ name: `${name} at ${route}`, assets: session.assets.slice(before) });
    await session.context.close();
  }

  printAssets('Signed-in shell (first load of /privacy-policy, no remote yet)', rows[0].assets);
  console.log('\nFirst load and what each remote adds on its first route (gzip)');
  console.log(
    `  ${'login screen (signed out, whole page)'.padEnd(48)} JS ${kb(loginJs).padStart(9)}  CSS ${kb(loginCss).padStart(9)}`,
  );
  for (const [index, row] of rows.entries()) {
    const label = index === 0 ? `${row.name}, whole page` : `+ ${row.name}`;
    console.log(
      `  ${label.padEnd(48)} JS ${kb(total(row.assets, 'js')).padStart(9)}  CSS ${kb(total(row.assets, 'css')).padStart(9)}`,
    );
  }
  const over = loginJs > BUDGET.js || loginCss > BUDGET.css;
  console.log(
    `\nLogin-screen budget: JS ${kb(loginJs)} / ${kb(BUDGET.js)}, CSS ${kb(loginCss)} / ${kb(BUDGET.css)} -> ${over ? 'OVER' : 'within'}`,
  );
  if (over) failed = true;
} finally {
  await browser.close();
  server.close();
}
process.exit(failed ? 1 : 0);
