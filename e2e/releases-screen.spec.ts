import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '@annie/api/test/annie-cli.ts';
import { OPERATOR_ENV_FILE, REPO_ROOT } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

// The Remote releases screen as an operator's administrator uses it: a published version started as a
// canary, its share moved on the slider, promoted to everyone, and its load failures charted since
// its activation; the token form names a token after the remote chosen.
test.describe.configure({ timeout: 120_000 });
const LOAD = { timeout: 30_000 };

/** The operator's command (`npm run annie …`), as the operator's environment runs it. */
function annie(...args: string[]): string {
  const result = runCli(args, JSON.parse(readFileSync(OPERATOR_ENV_FILE, 'utf8')) as NodeJS.ProcessEnv);
  if (result.status !== 0) throw new Error(`annie ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** Publishes the built knowledge remote as `version` with the operator's command (does not activate). */
function publishKnowledge(version: string): void {
  annie('remote:publish', 'knowledge', join(REPO_ROOT, 'remotes', 'knowledge', 'dist'), '--version', version);
}

// The knowledge remote goes back to its deployed build, however far the test got (the canary ended,
// then the promoted version rolled back): other spec files on this server expect "active local".
test.afterEach(() => {
  for (
    let step = 0;
    step < 2 && !annie('remote:list', 'knowledge').includes('knowledge: active local');
    step += 1
  )
    annie('remote:rollback', 'knowledge');
  expect(annie('remote:list', 'knowledge')).toContain('knowledge: active local');
});

test('a canary set on the slider, promoted, and charted; every date in one format', async ({
  adminPage: page,
}) => {
  const version = `9.${randomBytes(2).readUInt16BE()}.0`;
  publishKnowledge(version);
  await page.goto('/admin/modules');
  const card = page.getByLabel('Remote Knowledge');
  const row = card.getByRole('row', { name: new RegExp(version.replaceAll('.', '\\.')) });
  await row.getByRole('button', { name: 'Start canary (10%)' }).click(LOAD);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Set canary share' }).click();
  const canary = card.getByRole('group', { name: `Canary ${version}` });
  await expect(canary).toContainText('served to 10% of users');

  await canary.getByRole('slider').focus();
  for (let step = 0; step < 15; step += 1) await page.keyboard.press('ArrowRight');
  await expect(canary).toContainText('served to 25% of users (now 10%)');
  await canary.getByRole('button', { name: 'Set share' }).click();
  const share = page.getByRole('alertdialog');
  await expect(share).toContainText(`Serve Knowledge ${version} to 25% of users?`);
  await share.getByRole('button', { name: 'Set canary share' }).click();
  await expect(card.getByText('Canary: 25% of users')).toBeVisible(LOAD);

  await card.getByRole('button', { name: 'Promote to everyone' }).click();
  const promote = page.getByRole('alertdialog');
  await expect(promote).toContainText(`Promote the canary Knowledge ${version} to everyone?`);
  await promote.getByRole('button', { name: 'Promote' }).click();
  await expect(row.getByText('Active', { exact: true })).toBeVisible(LOAD);
  await expect(card.getByRole('group', { name: /^Canary / })).toHaveCount(0);

  const chart = card.getByRole('region', { name: 'Load failures per version' });
  await expect(chart.getByRole('img', { name: /Load failures per hour and version/ })).toBeVisible(LOAD);
  await expect(chart.getByRole('list', { name: 'Versions charted' })).toContainText(
    `${version}: 0 failures since`,
  );
  // One date format on the whole screen: no ISO timestamp anywhere, the audit's detail included.
  await expect(page.getByLabel('Audit log')).toContainText(`Activated for everyone: ${version}`);
  expect(await page.locator('body').textContent()).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
});

test("the token name's placeholder follows the remote chosen", async ({ adminPage: page }) => {
  await page.goto('/admin/modules');
  const tokens = page.getByLabel('Deploy tokens');
  await expect(tokens.getByPlaceholder('voice-ci')).toBeVisible(LOAD);
  await tokens.getByRole('combobox', { name: 'Remote' }).click();
  await page.getByRole('option', { name: 'Lab' }).click();
  await expect(tokens.getByPlaceholder('lab-ci')).toBeVisible();
});
