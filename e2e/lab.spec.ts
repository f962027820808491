import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// The chemistry provider fake runs on loopback; it refuses a compound named FAIL with 422.
const FAIL_MESSAGE = 'Compound "FAIL" is not in the ingredient database';

const newestJob = (page: Page) => page.getByRole('list', { name: 'Jobs' }).getByRole('listitem').first();

/** Waits for the POST /api/lab/jobs that `action` triggers and returns the queued job's id. */
async function queuedJobId(page: Page, action: () => Promise<void>): Promise<string> {
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/lab/jobs') && response.request().method() === 'POST',
  );
  await action();
  const response = await created;
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test.describe('lab console', () => {
  test('New Formulation runs to Completed Successfully, View shows the result, Export downloads it', async ({
    userPage: page,
  }) => {
    await page.goto('/lab');
    await expect(page).toHaveURL(/\/lab\/console$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lab Console' })).toBeVisible();
    await expect(page.getByText('Manage laboratory jobs and processes')).toBeVisible();

    // The action opens the form: nothing is queued (no POST) until the cost has been confirmed.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/lab/jobs') && request.method() === 'POST') posts.push(request.url());
    });
    await page.getByRole('link', { name: 'New Formulation', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Lab Job' })).toBeVisible();
    await page.getByRole('button', { name: 'Fill with sample' }).click();
    await page.getByRole('button', { name: 'Queue Job' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Queue this Formulate job?' })).toBeVisible();
    expect(posts).toEqual([]);
    const id = await queuedJobId(page, () => page.getByRole('button', { name: 'Queue and pay' }).click());
    expect(posts).toHaveLength(1);
    await expect(page).toHaveURL(/\/lab\/console$/);
    await expect(page.getByText('Job created', { exact: true })).toBeVisible();
    await expect(page.getByText('Lab job has been queued successfully', { exact: true })).toBeVisible();

    // Pushed by the server over the event stream: the page neither reloads nor polls.
    const row = newestJob(page);
    await expect(row).toContainText('Formulate');
    await expect(row).toContainText('Completed Successfully');
    await expect(row.getByText('Succeeded')).toBeVisible();

    await row.getByRole('button', { name: 'View' }).click();
    await expect(page).toHaveURL(new RegExp(`/lab/jobs/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Formulate Job' })).toBeVisible();
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result).toContainText('Sodium Cocoyl Isethionate');
    await expect(result).not.toContainText('"ingredients"');
    await page.getByText('Technical details').click();
    await expect(page.getByRole('region', { name: 'Raw result' })).toContainText('"ingredients"');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^formulate-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      id: string;
      result: unknown;
    };
    expect(exported.id).toBe(id);
    expect(exported.result).toMatchObject({ ingredients: expect.any(Array) });
  });

  test('a job the provider refuses shows Failed with its message', async ({ userPage: page }) => {
    await page.goto('/lab/console');
    await page.getByRole('link', { name: 'New Job' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Lab Job' })).toBeVisible();
    await page.getByLabel('Compounds').fill('Glycerin\nFAIL');
    await page.getByLabel('Target').fill('A lotion that cannot be made');
    await page.getByRole('button', { name: 'Queue Job' }).click();
    const id = await queuedJobId(page, () => page.getByRole('button', { name: 'Queue and pay' }).click());
    await expect(page).toHaveURL(/\/lab\/console$/);

    const row = newestJob(page);
    await expect(row).toContainText(FAIL_MESSAGE);
    await expect(row.getByText('Failed', { exact: true }).first()).toBeVisible();
    await expect(row.getByRole('button', { name: 'Export' })).toHaveCount(0);

    await row.getByRole('button', { name: 'View' }).click();
    await expect(page).toHaveURL(new RegExp(`/lab/jobs/${id}$`));
    await expect(page.getByRole('alert')).toContainText(FAIL_MESSAGE);
  });

  test('Compliance Check opens its form and queues the sample once confirmed', async ({ userPage: page }) => {
    await page.goto('/lab/console');
    await page.getByRole('link', { name: 'Compliance Check', exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Compliance Check' })).toBeChecked();
    await page.getByRole('button', { name: 'Fill with sample' }).click();
    await page.getByRole('button', { name: 'Queue Job' }).click();
    await queuedJobId(page, () => page.getByRole('button', { name: 'Queue and pay' }).click());
    await expect(page.getByText('Lab job has been queued successfully', { exact: true })).toBeVisible();
    const row = newestJob(page);
    await expect(row).toContainText('Compliance Check');
    await expect(row).toContainText('Completed Successfully');

    // Nothing polls: once the job has settled, an idle console makes no requests for the list.
    const listReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/lab/jobs') && request.method() === 'GET')
        listReads.push(request.url());
    });
    await page.waitForTimeout(2_500);
    expect(listReads).toEqual([]);
  });
});

test('the console, the form and a job pass axe at desktop and phone widths', async ({ userPage: page }) => {
  const job = await page.request.post('/api/lab/jobs', {
    data: { type: 'green_score', payload: { formula: 'Water 70%, Glycerin 30%', target_score: 80 } },
  });
  expect(job.ok(), await job.text()).toBe(true);
  const { id } = (await job.json()) as { id: string };
  const screens: [string, string][] = [
    ['/lab/console', 'Lab Console'],
    ['/lab/jobs/new?type=compliance_check', 'New Lab Job'],
    [`/lab/jobs/${id}`, 'Green Score Job'],
  ];
  const found: string[] = [];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
      for (const violation of await seriousViolations(page)) found.push(`${width}px ${path}: ${violation}`);
    }
  }
  expect(found).toEqual([]);
});
