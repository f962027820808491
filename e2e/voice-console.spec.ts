import { readFile } from 'node:fs/promises';
import { request } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { REALTIME_FAKE_PORT } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

type FakeSession = { url: string; received: string[] };

/** What the OpenAI realtime fake received, session by session (it runs in the setup process). */
async function realtimeSessions(): Promise<FakeSession[]> {
  const context = await request.newContext({ ignoreHTTPSErrors: true });
  const response = await context.get(`https://127.0.0.1:${REALTIME_FAKE_PORT}/__fake/sessions`);
  const sessions = (await response.json()) as FakeSession[];
  await context.dispose();
  return sessions;
}

const toast = (page: import('@playwright/test').Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text);

test('an admin builds a profile tab by tab, previews, exports, imports, makes it default and tests it live', async ({
  adminPage: page,
}) => {
  // A long walk through every tab and a live session, on a machine shared with other builds.
  test.setTimeout(120_000);
  await page.goto('/voice/console');
  // A profile is selected on entry.
  await expect(page.getByRole('heading', { name: 'Edit Profile', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('list', { name: 'Voice profiles' }).getByText('AnnieAI')).toBeVisible();

  await page.getByRole('button', { name: 'New' }).click();
  await expect(page.getByRole('heading', { name: 'Create Profile', exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Cedar/ })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Locale' })).toHaveText('English (United States)');
  await expect(page.getByRole('combobox', { name: 'Context' })).toHaveText('General');
  await page.getByLabel('Profile Name *').fill('E2E Front Desk');
  await page.getByLabel('Instructions').fill('Screen calls from the press.');

  await page.getByRole('tab', { name: 'Personality' }).click();
  await expect(page.getByRole('group', { name: 'Humanness' }).getByRole('slider')).toHaveAttribute(
    'aria-valuenow',
    '7',
  );
  await expect(page.getByRole('group', { name: 'Pace' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Conversation Style' }).click();
  await page.getByRole('option', { name: 'Custom (set pace, pitch and emphasis)' }).click();
  await expect(page.getByRole('group', { name: 'Pace' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Response Length' }).click();
  await page.getByRole('option', { name: 'Medium (a short paragraph)' }).click();

  await page.getByRole('tab', { name: 'Advanced' }).click();
  await expect(page.getByLabel('Silence duration (ms)')).toHaveValue('700');
  await expect(page.getByLabel('Threshold')).toHaveValue('0.55');
  await expect(page.getByLabel('Idle timeout (ms)')).toHaveValue('6000');
  await page.getByLabel('Silence duration (ms)').fill('900');
  await page.getByLabel('Banned phrases', { exact: true }).first().fill('  No worries  ');
  await page.getByLabel('Banned phrases', { exact: true }).first().press('Enter');
  const bans = page.getByRole('list', { name: 'Banned phrases' });
  await expect(bans.getByRole('listitem')).toHaveText(['As an AI', 'According to my database', 'No worries']);

  await page.getByRole('tab', { name: 'Guardrails' }).click();
  await page.getByRole('checkbox', { name: 'Legal' }).check();
  await expect(page.getByText('Admin-only policy inserts are added')).toBeVisible();

  await page.getByRole('tab', { name: 'Hosted Prompt' }).click();
  await page.getByRole('combobox', { name: 'Preset' }).click();
  await page.getByRole('option', { name: 'Scheduling assistant (v1)' }).click();
  await expect(page.getByText('Session values override conflicting preset values.')).toBeVisible();

  await page.getByRole('tab', { name: 'Preview' }).click();
  const instructions = page.getByRole('region', { name: 'Compiled Instructions' });
  await expect(instructions).toContainText('You give no legal advice');
  await expect(instructions).toContainText('Profile specifics');
  await expect(instructions).toContainText('"No worries"');
  await expect(page.getByRole('region', { name: 'Turn Detection' })).toContainText(
    '"silence_duration_ms": 900',
  );

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Select a Profile', exact: true })).toBeVisible();

  await page.getByRole('textbox', { name: 'Search profiles' }).fill('front');
  await page.getByRole('button', { name: /E2E Front Desk/ }).click();
  await expect(page.getByRole('heading', { name: 'Edit Profile', exact: true })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('E2E Front Desk-export.json');
  await expect(toast(page, 'Profile exported successfully')).toBeVisible();

  const importInput = page.getByLabel('Import profile file');
  await importInput.setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{ not json'),
  });
  await expect(toast(page, 'Import failed')).toBeVisible();
  await expect(toast(page, 'Please check the file format and try again')).toBeVisible();
  // The copy is renamed, so the step below knows which profile it makes default (never the default yet).
  const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as Record<string, unknown>;
  await importInput.setInputFiles({
    name: 'front-desk-copy.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...exported, name: 'E2E Front Desk copy' })),
  });
  await expect(toast(page, 'Profile imported successfully')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search profiles' }).fill('');
  await expect(page.getByRole('button', { name: /E2E Front Desk/ })).toHaveCount(2);

  await page.getByRole('textbox', { name: 'Search profiles' }).fill('front desk copy');
  await page.getByRole('button', { name: /E2E Front Desk copy/ }).click();
  const makeDefault = page.getByRole('button', { name: 'Make default', exact: true });
  await expect(makeDefault).toBeEnabled();
  await makeDefault.click();
  await expect(toast(page, 'Default profile updated')).toBeVisible();
  // The default profile has no Make default; the switch says why it cannot be turned off.
  await expect(makeDefault).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Make Default for this Agent' })).toHaveAccessibleDescription(
    /make another profile the default/,
  );

  await page.getByRole('button', { name: 'Test', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Test Voice Profile' });
  await expect(panel.getByText('Not Connected')).toBeVisible();
  const sessionsBefore = (await realtimeSessions()).length;
  await panel.getByRole('button', { name: 'Start Test' }).click();
  await expect(toast(page, 'Connected to test session')).toBeVisible();
  await expect(panel.getByText('Connected', { exact: true })).toBeVisible();
  // The fake microphone says its question once, 1.5 s in: its level shows while it speaks.
  await expect(panel.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow', '0');
  // The greeting plays out in real time (8 s) before the scripted caller answers it.
  const transcript = panel.getByRole('log', { name: 'Conversation transcript' });
  await expect(transcript).toContainText('Good afternoon. You have two meetings', { timeout: 20_000 });
  await expect(transcript).toContainText('You: Good afternoon, James.', { timeout: 20_000 });

  await panel.getByRole('button', { name: 'Test Barge-In' }).click();
  await expect(transcript).toContainText('Barge-in test triggered');
  await expect(toast(page, 'Barge-in test triggered')).toBeVisible();
  await expect
    .poll(async () => (await realtimeSessions())[sessionsBefore]?.received ?? [])
    .toEqual(
      expect.arrayContaining([
        'session.update',
        'input_audio_buffer.append',
        'response.cancel',
        'conversation.item.truncate',
      ]),
    );

  await panel.getByRole('button', { name: 'End Test' }).click();
  await expect(panel.getByText('Not Connected')).toBeVisible();
});

test('an admin reads what each version changed, restores one after its preview, then deletes the profile', async ({
  adminPage: page,
}) => {
  // Several saves and a dialog on a machine shared with other builds.
  test.setTimeout(90_000);
  await page.goto('/voice/console');
  await expect(page.getByRole('heading', { name: 'Edit Profile', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'New' }).click();
  await page.getByLabel('Profile Name *').fill('E2E History');
  await page.getByLabel('Instructions').fill('First words.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile created successfully')).toBeVisible();

  const profiles = page.getByRole('list', { name: 'Voice profiles' });
  await profiles.getByRole('button', { name: /E2E History/ }).click();
  await expect(page.getByRole('heading', { name: 'Edit Profile', exact: true })).toBeVisible();
  await page.getByLabel('Instructions').fill('Second words.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();

  await page.getByRole('button', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'Version history' });
  const versions = history.getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('listitem', { name: /^Version \d$/ })).toHaveCount(2);
  // The diff names the field that changed, old → new.
  await expect(history.getByRole('list', { name: 'Changes in version 2' })).toHaveText(
    'Instructions: First words. → Second words.',
  );
  await versions
    .getByRole('listitem', { name: 'Version 1' })
    .getByRole('button', { name: 'Restore…' })
    .click();
  const preview = history.getByRole('region', { name: 'Restore version 1' });
  await expect(preview.getByRole('list', { name: 'Changes on restore' })).toHaveText(
    'Instructions: Second words. → First words.',
  );
  await preview.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(toast(page, 'Version 1 restored')).toBeVisible();
  await expect(history).toBeHidden();
  await expect(page.getByLabel('Instructions')).toHaveValue('First words.');

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Profile' });
  await expect(confirm).toContainText('Delete the profile "E2E History"?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Profile deleted successfully')).toBeVisible();
  await expect(profiles.getByRole('button', { name: /E2E History/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Voice profiles' }).getByText('AnnieAI')).toBeVisible({
    timeout: 30_000,
  });
  await expect(profiles.getByRole('button', { name: /E2E History/ })).toHaveCount(0);
});

test('an edit then a profile switch asks before discarding; an unchanged save makes no version', async ({
  adminPage: page,
}) => {
  test.setTimeout(150_000);
  // A profile of its own to switch to, whichever tests ran before.
  const created = await page.request.post('/api/voice/profiles', { data: { name: 'E2E Switch' } });
  expect(created.ok()).toBe(true);
  await page.goto('/voice/console');
  await expect(page.getByRole('heading', { name: 'Edit Profile', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  const profiles = page.getByRole('list', { name: 'Voice profiles' });
  await profiles.getByRole('button', { name: /AnnieAI/ }).click();
  const name = page.getByLabel('Profile Name *');
  await expect(name).toHaveValue('AnnieAI');
  const before = (await (
    await page.request.get('/api/voice/profiles/annieai-system/versions')
  ).json()) as unknown[];

  await page.getByLabel('Description').fill('Edited, not saved.');
  await expect(save).toBeEnabled();
  const other = profiles.getByRole('button', { name: /E2E Switch/ });
  await other.click();
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByLabel('Description')).toHaveValue('Edited, not saved.');
  await expect(name).toHaveValue('AnnieAI');

  // Undoing the edit leaves nothing to save; the server too makes no version of an unchanged save.
  await page.getByLabel('Description').fill('The persona every profile builds on.');
  await expect(save).toBeDisabled();
  const same = await page.request.put('/api/annie/config', { data: { name: 'AnnieAI' } });
  expect(same.ok()).toBe(true);
  const after = (await (
    await page.request.get('/api/voice/profiles/annieai-system/versions')
  ).json()) as unknown[];
  expect(after).toHaveLength(before.length);

  await page.getByLabel('Description').fill('Edited again.');
  await other.click();
  await ask.getByRole('button', { name: 'Discard changes' }).click();
  await expect(name).not.toHaveValue('AnnieAI');
  await expect(save).toBeDisabled();
});

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`the Voice Console and its Usage tab pass axe at ${width}×${height}`, async ({ adminPage: page }) => {
    // Two full axe runs, on a machine shared with other builds.
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    await page.goto('/voice/console');
    await expect(page.getByRole('heading', { name: 'Edit Profile', exact: true })).toBeVisible({
      timeout: 30_000,
    });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Usage' }).click();
    await expect(page.getByRole('form', { name: 'Usage settings' })).toBeVisible({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('a regular user is refused every profile endpoint', async ({ userPage: page }) => {
  await page.goto('/');
  const api = page.request;
  const id = '00000000-0000-4000-8000-000000000000';
  const calls = [
    api.get('/api/voice/profiles?agentId=default-agent'),
    api.post('/api/voice/profiles', { data: { name: 'x' } }),
    api.patch(`/api/voice/profiles/${id}`, { data: { name: 'x' } }),
    api.delete(`/api/voice/profiles/${id}`),
    api.post(`/api/voice/profiles/${id}/make-default`),
    api.get(`/api/voice/profiles/${id}/export`),
    api.post('/api/voice/profiles/import', { data: { name: 'x' } }),
    api.post(`/api/voice/profiles/${id}/test`),
    api.put('/api/annie/config', { data: { name: 'x' } }),
  ];
  const answers = await Promise.all(
    (await Promise.all(calls)).map(async (response) => [response.status(), (await response.json()).message]),
  );
  expect(answers).toEqual(calls.map(() => [403, 'Administrator access required']));
  expect((await api.get('/api/ai/session-config')).status()).toBe(200);
});
