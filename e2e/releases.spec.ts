import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@annie/api/test/annie-cli.ts';
import type { Browser, Page } from '@playwright/test';
import { E2E_BASE_URL, OPERATOR_ENV_FILE, REPO_ROOT } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

// Independent releases of a remote, end to end: the operator publishes builds with `npm run annie`
// (the same commands the README gives), activates, canaries and rolls back, and browsers already open
// follow without an API restart.
// Each operator command is a Node process that opens the database (a few seconds on a shared machine).
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** The operator's command (`npm run annie …`), as the operator's environment runs it. */
function annie(...args: string[]) {
  return runCli(args, JSON.parse(readFileSync(OPERATOR_ENV_FILE, 'utf8')) as NodeJS.ProcessEnv);
}

function annieOk(...args: string[]): string {
  const result = annie(...args);
  if (result.status !== 0) throw new Error(`annie ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/**
 * A copy of a remote's build with `from` replaced by `to` in its scripts (a second build whose page
 * text differs); the compressed siblings of the changed files are dropped, so they are served as is.
 */
function variantOf(remote: string, edit: (file: string, text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), `annie-${remote}-`));
  cpSync(join(REPO_ROOT, 'remotes', remote, 'dist'), dir, { recursive: true });
  for (const name of readdirSync(dir)) {
    if (!/\.(js|json)$/.test(name)) continue;
    const text = readFileSync(join(dir, name), 'utf8');
    const edited = edit(name, text);
    if (edited === text) continue;
    writeFileSync(join(dir, name), edited);
    rmSync(join(dir, `${name}.br`), { force: true });
    rmSync(join(dir, `${name}.gz`), { force: true });
  }
  return dir;
}

const version = (name: string) => `${name}-${randomBytes(3).toString('hex')}`;

test('a published build goes live in an open browser when activated, and back on rollback', async ({
  userPage,
}) => {
  const second = version('2.0.0');
  const dist = variantOf('knowledge', (_name, text) =>
    text.replaceAll('"Knowledge Base"', '"Knowledge Base (second build)"'),
  );
  expect(annieOk('remote:publish', 'knowledge', dist, '--version', second)).toContain(
    `Published knowledge ${second}`,
  );

  // Open before the activation, on another remote's page.
  await userPage.goto('/sms');
  await expect(userPage.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Publishing does not activate.
  expect(annieOk('remote:list', 'knowledge')).toContain('knowledge: active local');

  annieOk('remote:activate', 'knowledge', second);
  await userPage.getByRole('link', { name: 'Knowledge', exact: true }).first().click();
  await expect(userPage.getByRole('heading', { name: 'Knowledge Base (second build)' })).toBeVisible();

  // Rolled back: a fresh page load gets the deployed build again.
  annieOk('remote:rollback', 'knowledge');
  await userPage.goto('/knowledge');
  await expect(userPage.getByRole('heading', { name: 'Knowledge Base', exact: true })).toBeVisible();
});

test('a browser already running an older version offers Reload instead of mixing versions', async ({
  userPage,
}) => {
  const third = version('3.0.0');
  const dist = variantOf('knowledge', (_name, text) =>
    text.replaceAll('"Knowledge Base"', '"Knowledge Base (third build)"'),
  );
  annieOk('remote:publish', 'knowledge', dist, '--version', third);
  await userPage.goto('/knowledge');
  await expect(userPage.getByRole('heading', { name: 'Knowledge Base', exact: true })).toBeVisible();

  annieOk('remote:activate', 'knowledge', third);
  // Messages carries the approvals count when other specs left drafts waiting.
  await userPage
    .getByRole('link', { name: /^Messages( \d+ waiting for your approval)?$/ })
    .first()
    .click();
  await userPage.waitForURL('**/sms');
  // Entering the route asks the registry again: it names the third build, which this page cannot mix in.
  await userPage.getByRole('link', { name: 'Knowledge', exact: true }).first().click();
  await expect(userPage.getByText('A new version of the Knowledge Base is available')).toBeVisible();
  await expect(userPage.getByRole('heading', { name: 'Knowledge Base', exact: true })).toBeVisible();
  await userPage.getByRole('button', { name: 'Reload' }).click();
  await expect(userPage.getByRole('heading', { name: 'Knowledge Base (third build)' })).toBeVisible();
  annieOk('remote:rollback', 'knowledge');
});

async function signedInAs(browser: Browser, username: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post('/api/login', { data: { username, password } });
  expect(response.ok()).toBe(true);
  return page;
}

const bucketOf = (userId: string, remote: string) =>
  createHash('sha256').update(`${userId}\0${remote}`).digest().readUInt32BE(0) % 100;

test('a 50% canary gives two users two versions, each stable across reloads', async ({ browser }) => {
  const canary = version('4.0.0');
  const dist = variantOf('knowledge', (_name, text) =>
    text.replaceAll('"Knowledge Base"', '"Knowledge Base (canary)"'),
  );
  annieOk('remote:publish', 'knowledge', dist, '--version', canary);
  annieOk('remote:activate', 'knowledge', canary, '--percent', '50');

  // One user on each side of the 50% line (the share is a hash of the user and the remote).
  const sides = new Map<boolean, Page>();
  while (sides.size < 2) {
    const username = `canary-${randomBytes(4).toString('hex')}`;
    annieOk('user:create', '--username', username, '--password', 'canary-password-1', '--tenant', 'default');
    const page = await signedInAs(browser, username, 'canary-password-1');
    const user = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
    const inCanary = bucketOf(user.id, 'knowledge') < 50;
    if (sides.has(inCanary)) await page.context().close();
    else sides.set(inCanary, page);
  }
  const inside = sides.get(true) as Page;
  const outside = sides.get(false) as Page;
  for (let load = 0; load < 2; load += 1) {
    await inside.goto('/knowledge');
    await expect(inside.getByRole('heading', { name: 'Knowledge Base (canary)' })).toBeVisible();
    await outside.goto('/knowledge');
    await expect(outside.getByRole('heading', { name: 'Knowledge Base', exact: true })).toBeVisible();
  }
  const registry = (await (await inside.request.get('/api/remotes')).json()) as {
    remotes: { name: string; version: string; canary?: boolean }[];
  };
  expect(registry.remotes.find((remote) => remote.name === 'knowledge')).toMatchObject({
    version: canary,
    canary: true,
  });
  annieOk('remote:rollback', 'knowledge');
  await inside.goto('/knowledge');
  await expect(inside.getByRole('heading', { name: 'Knowledge Base', exact: true })).toBeVisible();
  await inside.context().close();
  await outside.context().close();
});

test('a build sharing an incompatible React is refused, naming it', () => {
  const dist = variantOf('lab', (name, text) =>
    name === 'mf-manifest.json'
      ? JSON.stringify({
          ...JSON.parse(text),
          shared: (JSON.parse(text) as { shared: { name: string }[] }).shared.map((entry) =>
            entry.name === 'react' ? { ...entry, version: '18.3.1' } : entry,
          ),
        })
      : text,
  );
  const result = annie('remote:publish', 'lab', dist, '--version', version('9.0.0'));
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/Refused: react 18\.3\.1 cannot be served by the shell's react 19\./);
  expect(annieOk('remote:list', 'lab')).not.toContain('9.0.0');
});

test('a version whose entry is broken is rolled back by itself after the failures browsers report', async ({
  userPage,
  adminPage,
  pageErrors,
}) => {
  // The broken entry throws as it runs, and the federation runtime and React report it: expected here.
  pageErrors.allow(/broken build|RUNTIME-008|React error #520/);
  const broken = version('5.0.0');
  const dist = variantOf('lab', (name, text) =>
    name === 'remoteEntry.js' ? 'throw new Error("broken build");' : text,
  );
  annieOk('remote:publish', 'lab', dist, '--version', broken);
  annieOk('remote:activate', 'lab', broken);

  await userPage.goto('/lab/console');
  await expect(userPage.getByText('This section could not be loaded.', { exact: false })).toBeVisible();
  // Once the registry has that user's report, one user's failures have not rolled it back (two are needed).
  const labState = async () => {
    const body = await (await adminPage.request.get('/api/remotes/releases?remote=lab')).json();
    return body.remotes[0] as { active: string | null; releases: { version: string; loadErrors: number }[] };
  };
  await expect
    .poll(async () => (await labState()).releases.find((release) => release.version === broken)?.loadErrors)
    .toBeGreaterThanOrEqual(1);
  expect((await labState()).active).toBe(broken);
  expect(annieOk('remote:list', 'lab')).toContain(`lab: active ${broken}`);

  // A second user's failure passes it. That page may already recover by itself: React renders a failed
  // page once more, and the registry it then reads may have rolled back.
  await adminPage.goto('/lab/console');
  await expect(
    adminPage
      .getByText('This section could not be loaded.', { exact: false })
      .or(adminPage.getByRole('heading', { name: 'Lab Console' })),
  ).toBeVisible();
  await expect.poll(() => annieOk('remote:list', 'lab'), { timeout: 5_000 }).toContain('lab: active local');
  const audit = await (await adminPage.request.get('/api/remotes/releases?remote=lab')).json();
  expect(audit.audit[0]).toMatchObject({ action: 'auto-rollback', version: broken, actor: 'registry' });

  // Retry reads the registry again and loads the version it names now.
  await userPage.getByRole('button', { name: 'Retry' }).click();
  await expect(userPage.getByRole('heading', { name: 'Lab Console' })).toBeVisible();
});

/** Runs the teams' release command (Node only) with a deploy token, as a CI job does. */
function releaseRun(token: string, ...args: string[]) {
  return spawnSync(process.execPath, ['scripts/release.mjs', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, ANNIE_DEPLOY_TOKEN: token, ANNIE_SERVER_URL: E2E_BASE_URL },
    encoding: 'utf8',
  });
}

function release(token: string, ...args: string[]): string {
  const result = releaseRun(token, ...args);
  if (result.status !== 0) throw new Error(`release ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

test("a team's CI uploads with its deploy token and canaries it: an open browser in the share gets it without a restart", async ({
  browser,
}) => {
  const created = annieOk(
    'remote:token',
    'create',
    'knowledge',
    '--name',
    `e2e-ci-${randomBytes(2).toString('hex')}`,
  );
  const token = created.split('\n').find((line) => line.startsWith('annie_deploy_')) ?? '';
  expect(token).not.toBe('');

  // A user in the 50% share, with the app open (on another remote's page) before anything is released.
  let inside: Page | undefined;
  while (!inside) {
    const username = `ci-canary-${randomBytes(4).toString('hex')}`;
    annieOk('user:create', '--username', username, '--password', 'canary-password-1', '--tenant', 'default');
    const page = await signedInAs(browser, username, 'canary-password-1');
    const user = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
    if (bucketOf(user.id, 'knowledge') < 50) inside = page;
    else await page.context().close();
  }
  await inside.goto('/sms');
  await expect(inside.getByRole('heading', { level: 1 }).first()).toBeVisible();

  const uploaded = version('6.0.0');
  const dist = variantOf('knowledge', (_name, text) =>
    text.replaceAll('"Knowledge Base"', '"Knowledge Base (from CI)"'),
  );
  expect(release(token, 'publish', 'knowledge', '--version', uploaded, '--dist', dist)).toContain(
    `Published knowledge ${uploaded}`,
  );
  expect(release(token, 'canary', 'knowledge', uploaded, '--percent', '50')).toContain('canary for 50%');

  await inside.getByRole('link', { name: 'Knowledge', exact: true }).first().click();
  await expect(inside.getByRole('heading', { name: 'Knowledge Base (from CI)' })).toBeVisible();
  // The token's promote waits for an operator's approval; the operator reviews what changed and approves.
  const promote = releaseRun(token, 'promote', 'knowledge');
  expect(promote.status).toBe(1);
  expect(promote.stderr).toContain(`403: knowledge ${uploaded} reaches the operator's tenant only`);
  const approved = annieOk('remote:approve', 'knowledge', uploaded);
  expect(approved).toMatch(new RegExp(`knowledge ${uploaded}, published .* by token:e2e-ci-`));
  expect(approved).toContain(`knowledge ${uploaded} approved`);
  expect(release(token, 'rollback', 'knowledge')).toContain('rolled back');
  expect(annieOk('remote:list', 'knowledge')).toMatch(new RegExp(`canary ${uploaded}\\ttoken:e2e-ci-`));
  await inside.context().close();
});

test('the Remote releases screen (menu entry Modules) shows each remote and its history to an admin', async ({
  adminPage,
  userPage,
}) => {
  await adminPage.goto('/admin/modules');
  await expect(adminPage.getByRole('heading', { name: 'Remote releases' })).toBeVisible();
  // Loaded as a document, the screen is isolated (no opener can script it) and asks for the password
  // before a deploy token is issued.
  expect(await adminPage.evaluate(() => window.crossOriginIsolated)).toBe(true);
  const tokenCard = adminPage.getByLabel('Deploy tokens');
  // The name's placeholder follows the remote chosen (the first, Voice, until another is).
  await tokenCard.getByPlaceholder('voice-ci').fill('e2e-unissued');
  await tokenCard.getByRole('button', { name: 'Create token' }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Confirm your password' });
  await expect(confirm.getByLabel('Password')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(adminPage.getByLabel('Remote Lab')).toContainText(
    'Everyone gets the build deployed with the server',
  );
  await expect(
    adminPage.getByLabel('Audit log').getByText('Rolled back automatically').first(),
  ).toBeVisible();
  // The team's token from the CI test, never its secret; revoking it is one confirmed click away.
  const tokens = adminPage.getByLabel('Deploy tokens');
  await expect(tokens.getByRole('row', { name: /e2e-ci-.*Knowledge/ }).first()).toBeVisible();
  await expect(tokens).not.toContainText('annie_deploy_');
  await adminPage.getByRole('button', { name: 'Open menu' }).click();
  await expect(adminPage.getByRole('menuitem', { name: 'Remote releases' })).toBeVisible();
  await userPage.goto('/admin/modules');
  await expect(userPage.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test("another tenant's administrator is not offered the Remote releases screen, which would refuse them", async ({
  browser,
}) => {
  const username = `other-admin-${randomBytes(3).toString('hex')}`;
  annieOk(
    'user:create',
    '--username',
    username,
    '--password',
    'other-admin-pass-1',
    '--admin',
    '--tenant',
    'e2e-customer',
  );
  const page = await signedInAs(browser, username, 'other-admin-pass-1');
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Voice Console' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Remote releases' })).toHaveCount(0);
  expect((await page.request.get('/api/remotes/releases')).status()).toBe(403);
  await page.context().close();
});
