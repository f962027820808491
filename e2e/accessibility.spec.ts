import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
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
}

test('the login screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await expect(page.getByRole('main')).toBeVisible();
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
    ['/call-logs', 'Call History'],
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
