import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { SANDBOX_ADMIN_PASSWORD } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

// The Messages screens on the seeded sandbox (its own server, see sandbox-server.ts): New message to a
// number nobody has texted, search inside the texts, the one approvals queue and its count, and axe on
// the list, a thread with a draft and a thread with sent and delivered texts, at desktop and phone widths.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const LOAD = { timeout: 30_000 };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const MUM = '+14155550123';
const DANIEL = '+16505550111';

async function signIn(page: Page): Promise<void> {
  const response = await page.request.post('/api/login', {
    data: { username: 'admin', password: SANDBOX_ADMIN_PASSWORD },
  });
  expect(response.ok()).toBe(true);
}

test('New message sends to a number nobody has texted, and opens its thread', async ({ page }) => {
  await signIn(page);
  await page.goto('/sms');
  await page.getByRole('button', { name: 'New message' }).click(LOAD);
  const dialog = page.getByRole('dialog', { name: 'New message' });
  await dialog.getByRole('textbox', { name: 'To' }).fill('(650) 555-0142');
  await dialog.getByRole('button', { name: 'Text (650) 555-0142' }).click();
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Hello from the e2e compose test');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(`/sms/${encodeURIComponent('+16505550142')}`, LOAD);
  // An unknown number: formatted, with Add to contacts; the text is there, sent.
  await expect(page.getByRole('heading', { level: 1, name: '(650) 555-0142' })).toBeVisible(LOAD);
  await expect(page.getByRole('button', { name: 'Add to contacts' })).toBeVisible();
  await expect(
    page
      .getByRole('listitem', { name: 'Sent message' })
      .filter({ hasText: 'Hello from the e2e compose test' }),
  ).toBeVisible();
});

test('New message to a contact picked by name', async ({ page }) => {
  await signIn(page);
  await page.goto('/sms');
  await page.getByRole('button', { name: 'New message' }).click(LOAD);
  const dialog = page.getByRole('dialog', { name: 'New message' });
  await dialog.getByRole('textbox', { name: 'To' }).fill('Daniel');
  await dialog.getByRole('button', { name: /^Daniel Osei · \(650\) 555-0111$/ }).click(LOAD);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('PO attached, thanks');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(`/sms/${encodeURIComponent(DANIEL)}`, LOAD);
  await expect(page.getByRole('heading', { level: 1, name: 'Daniel Osei' })).toBeVisible(LOAD);
});

test('message search finds a word inside a text ("roast" in Mum\'s thread), marked', async ({ page }) => {
  await signIn(page);
  await page.goto('/sms');
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('roast');
  const hits = page.getByRole('list', { name: 'Messages found' });
  const hit = hits.getByRole('link').filter({ hasText: 'Mum' }).first();
  await expect(hit).toContainText("Dad's doing the roast", LOAD);
  await expect(hit.locator('mark')).toHaveText(['roast']);
  await hit.click();
  await expect(page).toHaveURL(`/sms/${encodeURIComponent(MUM)}`);
});

for (const [width, size] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`the approvals count in the navigation matches the waiting items (${width})`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page);
    await page.goto('/sms?view=approvals');
    const items = page.getByRole('list', { name: 'Waiting for approval' }).getByRole('listitem');
    await expect(items.first()).toBeVisible(LOAD);
    const waiting = await items.count();
    expect(waiting).toBeGreaterThanOrEqual(2);
    // The visible navigation's Messages entry (header on a desktop, the tab bar on a phone).
    const nav = page.getByRole('navigation', { name: width === 'phone' ? 'Tabs' : 'Main' });
    // TabNav renders a link's content twice (the second, hidden, keeps the bold width): the first.
    const badge = nav
      .getByRole('link', { name: /Messages/ })
      .getByTestId('approvals-count')
      .first();
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText(`${waiting} waiting for your approval`);
    await expect(page.getByTestId('approvals-tab-count').first()).toHaveText(String(waiting));

    // Reject one, then Undo: it is back and nothing was rejected on the server.
    const first = items.first();
    const title = await first
      .getByText(/^Draft reply to|asked for a text/)
      .first()
      .textContent();
    await first.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(items).toHaveCount(waiting - 1);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(items).toHaveCount(waiting);
    await expect(page.getByText(title ?? '', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const [width, size] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`axe: the Messages list, a thread with a draft, sent and delivered texts (${width})`, async ({
    page,
    pageErrors,
  }) => {
    // The not-found page's number is refused (400) on purpose; the browser logs the failed requests.
    pageErrors.allow(/status of 400 .*\/api\/sms\/threads\/not-a-number/);
    await page.setViewportSize(size);
    await signIn(page);
    const found: string[] = [];
    await page.goto('/sms');
    await expect(page.getByRole('link', { name: /^Mum/ })).toBeVisible(LOAD);
    for (const violation of await seriousViolations(page)) found.push(`/sms: ${violation}`);

    await page.goto(`/sms/${encodeURIComponent(MUM)}`);
    await expect(page.getByLabel('Draft reply')).toBeVisible(LOAD);
    for (const violation of await seriousViolations(page)) found.push(`Mum's thread: ${violation}`);

    await page.goto(`/sms/${encodeURIComponent(DANIEL)}`);
    await page.getByLabel('Message', { exact: true }).fill('Delivered check');
    await page.getByRole('button', { name: 'Send message' }).click();
    const bubble = page
      .getByRole('listitem', { name: 'Sent message' })
      .filter({ hasText: 'Delivered check' });
    await expect(bubble.getByLabel('Delivered')).toBeVisible(LOAD);
    await expect(page.getByRole('listitem', { name: 'Sent message' }).first()).toBeVisible();
    for (const violation of await seriousViolations(page)) found.push(`Daniel's thread: ${violation}`);

    await page.goto('/sms/not-a-number');
    await expect(page.getByRole('heading', { level: 1, name: 'Conversation not found' })).toBeVisible(LOAD);
    for (const violation of await seriousViolations(page)) found.push(`not found: ${violation}`);
    expect(found).toEqual([]);
  });
}
