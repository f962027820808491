import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { MESSAGING_NUMBER, REALTIME_WEBRTC_FAKE_URL, TWILIO_FAKE_URL } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

// Every screen of the product, signed out and signed in, checked by axe (WCAG 2.x A and AA rules and
// axe's best practices): no serious or critical violation anywhere. Each visit also goes through the
// fixtures' page-error check, so every screen is free of page errors and console errors too.
const LOAD = { timeout: 30_000 };

/** Opens `path` and waits for its level-1 heading (the screen has rendered past its loading state). */
async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible(LOAD);
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0, LOAD);
  // The home page's server-rendered idle view has an h1 too: wait for the page that replaces it.
  await expect(page.locator('[data-boot-idle]')).toHaveCount(0, LOAD);
}

test('the login screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await expect(page.getByRole('main')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the home page's idle view, painted before the shell's script has run", async ({ userPage: page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/app/app.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('[data-boot-idle] button[aria-label="Start call"]')).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  release();
  await expect(page.locator('[data-boot-idle]')).toHaveCount(0, LOAD);
  await expect(page.getByRole('button', { name: 'Start call', exact: true })).toBeEnabled(LOAD);
  expect(await seriousViolations(page)).toEqual([]);
});

test('every signed-in route', async ({ adminPage: page }) => {
  test.setTimeout(180_000);
  // 555-0100…0199 are the fictional numbers; a random one, as other specs add contacts too.
  const phone = `+165055501${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
  const contact = await page.request.post('/api/contacts', {
    data: { name: 'Ada Lovelace', phonePrimary: phone },
  });
  expect(contact.ok(), await contact.text()).toBe(true);
  const contactId = ((await contact.json()) as { id: string }).id;
  const job = await page.request.post('/api/lab/jobs', {
    data: { type: 'supplier_search', payload: { chemical: 'ethanol' } },
  });
  expect(job.ok(), await job.text()).toBe(true);
  const jobId = ((await job.json()) as { id: string }).id;

  const screens: [string, string | RegExp][] = [
    ['/', /.+/],
    ['/call', /.+/],
    ['/voice', /.+/],
    ['/call-logs', 'Call Logs'],
    ['/voice/console', /.+/],
    ['/sms', /.+/],
    [`/sms/${encodeURIComponent(phone)}`, /.+/],
    ['/contacts', /.+/],
    [`/contacts/${contactId}`, /.+/],
    ['/conversations', 'Conversation History'],
    ['/lab/console', 'Lab Console'],
    ['/lab/jobs/new', /.+/],
    [`/lab/jobs/${jobId}`, /.+/],
    ['/knowledge', 'Knowledge Base'],
    ['/google', /.+/],
    ['/google/success', /.+/],
    ['/google/error', /.+/],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/no/such/page', '404 Page Not Found'],
  ];
  const found: string[] = [];
  for (const [path, heading] of screens) {
    await visit(page, path, heading);
    for (const violation of await seriousViolations(page)) found.push(`${path}: ${violation}`);
  }
  expect(found).toEqual([]);
  await expect(page.getByText(`© ${new Date().getFullYear()} AnnieAI`)).toBeVisible();
});

/** Posts to a fake's test controls (`/__fake/…`); fails the test on a refusal. */
async function fakeControl(baseUrl: string, path: string, body: unknown = {}): Promise<void> {
  const response = await fetch(`${baseUrl}/__fake/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${path}: ${await response.text()}`).toBe(true);
}

test('the voice page during a call, with a transcript on both sides', async ({ userPage: page }) => {
  test.setTimeout(90_000);
  const question = 'What is on my calendar today?';
  await fakeControl(REALTIME_WEBRTC_FAKE_URL, 'reset');
  try {
    await fakeControl(REALTIME_WEBRTC_FAKE_URL, 'script', { userTranscripts: [question] });
    await page.goto('/');
    await page.getByRole('button', { name: 'Start call' }).click(LOAD);
    const transcript = page.getByRole('log', { name: 'Transcript' });
    await expect(page.getByRole('status', { name: 'Call status' })).toHaveText('Listening...', LOAD);
    // The assistant's greeting and the caller's question, each final with its time beneath.
    await expect(transcript.locator('[data-speaker="assistant"] > p:nth-child(2)').first()).toBeVisible(LOAD);
    await expect(transcript.locator('[data-speaker="user"]').filter({ hasText: question })).toBeVisible(LOAD);
    await expect(transcript.locator('[data-speaker="user"] > p:nth-child(2)').first()).toBeVisible(LOAD);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'End call' }).click();
    await expect(page.getByRole('button', { name: 'Start call' })).toBeVisible();
  } finally {
    await fakeControl(REALTIME_WEBRTC_FAKE_URL, 'reset');
  }
});

test('the dialogs: phone access and a draft waiting for approval', async ({ userPage: page }) => {
  test.setTimeout(90_000);
  await visit(page, '/knowledge', 'Knowledge Base');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Phone access' }).click();
  await expect(page.getByRole('dialog', { name: 'Phone access' })).toBeVisible();
  expect(await seriousViolations(page), 'the phone access dialog').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Phone access' })).toBeHidden();

  // An inbound text: the assistant's draft waits for approval in the thread's composer.
  const phone = `+1415555${String(1000 + Math.floor(Math.random() * 8999))}`;
  await fakeControl(TWILIO_FAKE_URL, 'inbound', { from: phone, to: MESSAGING_NUMBER, body: 'Open today?' });
  await page.goto(`/sms/${encodeURIComponent(phone)}`);
  await expect(page.getByRole('form', { name: 'James drafted a reply' })).toBeVisible(LOAD);
  expect(await seriousViolations(page), 'the draft waiting for approval').toEqual([]);
});

test('the Remote releases screen', async ({ adminPage: page }) => {
  await visit(page, '/admin/modules', /.+/);
  expect(await seriousViolations(page)).toEqual([]);
});

test("the Voice Console's version history dialog, with a version to restore", async ({ adminPage: page }) => {
  test.setTimeout(90_000);
  const name = `A11y History ${Math.floor(Math.random() * 1_000_000)}`;
  await visit(page, '/voice/console', /.+/);
  // The default profile is selected on entry.
  await expect(page.getByRole('heading', { name: 'Edit Profile', exact: true })).toBeVisible(LOAD);
  await page.getByRole('button', { name: 'New' }).click();
  await page.getByLabel('Profile Name *').fill(name);
  await page.getByLabel('Instructions').fill('First words.');
  await page.getByRole('button', { name: 'Save' }).click();
  const profiles = page.getByRole('list', { name: 'Voice profiles' });
  await profiles.getByRole('button', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { name: 'Edit Profile', exact: true })).toBeVisible();
  await page.getByLabel('Instructions').fill('Second words.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'Version history' });
  // Both versions listed, the older one with its Restore button.
  await expect(
    history.getByRole('list', { name: 'Versions' }).getByRole('listitem', { name: /^Version \d+$/ }),
  ).toHaveCount(2, LOAD);
  await expect(history.getByRole('button', { name: /Restore/ })).toHaveCount(1);
  expect(await seriousViolations(page), 'the version history dialog').toEqual([]);
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete Profile' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(profiles.getByRole('button', { name: new RegExp(name) })).toHaveCount(0);
});
