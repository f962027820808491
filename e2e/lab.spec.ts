import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
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

    const id = await queuedJobId(page, () => page.getByRole('button', { name: 'New Formulation' }).click());
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
    await expect(page.getByRole('region', { name: 'Payload' })).toContainText('Sodium Cocoyl Isethionate');
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('"ingredients"');

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
    const id = await queuedJobId(page, () => page.getByRole('button', { name: 'Queue Job' }).click());
    await expect(page).toHaveURL(/\/lab\/console$/);

    const row = newestJob(page);
    await expect(row).toContainText(FAIL_MESSAGE);
    await expect(row.getByText('Failed', { exact: true }).first()).toBeVisible();
    await expect(row.getByRole('button', { name: 'Export' })).toHaveCount(0);

    await row.getByRole('button', { name: 'View' }).click();
    await expect(page).toHaveURL(new RegExp(`/lab/jobs/${id}$`));
    await expect(page.getByRole('alert')).toContainText(FAIL_MESSAGE);
  });

  test('Compliance Check queues the canned compliance job', async ({ userPage: page }) => {
    await page.goto('/lab/console');
    await queuedJobId(page, () => page.getByRole('button', { name: 'Compliance Check' }).click());
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
