import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { TWILIO_FAKE_URL } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

// A phone call is measured: its figures line and details in Call Logs, and its line in the admin's
// Usage screen, which exports CSV.
const uniquePhone = () => `+1415556${String(1000 + Math.floor(Math.random() * 8999))}`;
/** How Call Logs shows a US number: (415) 556-1234. */
const shown = (phone: string) => `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;

async function callStatus(phone: string): Promise<string | undefined> {
  const calls = (await (await fetch(`${TWILIO_FAKE_URL}/__fake/calls`)).json()) as {
    to: string;
    status: string;
  }[];
  return calls.find((call) => call.to === phone)?.status;
}

async function placeCall(page: Page, phone: string) {
  await page.goto(`/sms/${encodeURIComponent(phone)}`);
  await page.getByRole('button', { name: `Call ${shown(phone)}` }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: `Call ${shown(phone)}` });
  await dialog.getByRole('textbox', { name: 'Purpose' }).fill('Check the delivery time');
  await dialog.getByRole('button', { name: `Call ${shown(phone)}` }).click();
  await expect.poll(() => callStatus(phone), { timeout: 30_000 }).toBe('completed');
}

test("a phone call shows its figures line and details, and the admin's Usage screen counts it", async ({
  userPage,
  adminPage,
}) => {
  const phone = uniquePhone();
  await placeCall(userPage, phone);

  await userPage.goto('/call-logs');
  const call = userPage
    .getByRole('table', { name: 'Calls' })
    .locator('tbody[data-call-id]')
    .filter({ hasText: shown(phone) });
  await call.getByRole('button', { name: /^Details of the call/ }).click({ timeout: 30_000 });
  await expect(call.getByLabel('Call figures')).toHaveText(/^\d+:\d\d · \d+ turns? · .*\$\d+\.\d+$/, {
    timeout: 30_000,
  });
  await call.getByText('Call details').click();
  await expect(call.getByText('Voice tokens (gpt-realtime-2.1)')).toBeVisible();
  await expect(call.getByText('Cost estimate')).toBeVisible();

  await adminPage.goto('/voice/console');
  await adminPage.getByRole('tab', { name: 'Usage' }).click({ timeout: 30_000 });
  // The usage report's table (the engines' comparison is another); Radix labels a table's wrapper.
  const table = adminPage.getByLabel('Usage', { exact: true }).getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'Phone' }).first()).toBeVisible({ timeout: 30_000 });
  // The call ran on Realtime: the engines' comparison counts it there (its first cell: calls).
  const engines = adminPage.getByLabel('Engines compared', { exact: true }).getByRole('row');
  await expect(engines.filter({ hasText: 'Realtime' }).getByRole('cell').first()).not.toHaveText('0');
  const downloading = adminPage.waitForEvent('download');
  await adminPage.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^usage-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  // In the screen's words: headers, channel names and minutes as m:ss.
  expect(csv.split('\r\n')[0]).toBe('Period,User,Channel,Calls,Minutes,Texts,Tokens,Cost (USD)');
  expect(csv).toMatch(/,Phone,\d+,\d+:\d\d,/);
});
