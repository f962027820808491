import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// A toast's text also appears in its screen-reader announcement, so match the visible line exactly.
const notice = (page: Page, text: string) => page.getByText(text, { exact: true });

test('a call on /call: start, a typed message answered by the assistant, end; then it is in Call Logs', async ({
  userPage: page,
}) => {
  // A whole call and then Call Logs: more than the default 30 s on a machine running the suite in parallel.
  test.setTimeout(90_000);
  const stamp = String(Date.now());
  const message = `Where is the board meeting? (${stamp})`;
  const reply = `Thanks for your message. (re: Executive: ${message})`;

  await page.goto('/call');
  // The first visit fetches the remote; on a loaded machine that can outlast the default wait.
  await expect(page.getByRole('heading', { level: 1, name: 'Ready to Connect' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Start Call' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connected to James' })).toBeVisible();
  await expect(page.getByText('Listening for your voice commands')).toBeVisible();
  await expect(notice(page, 'Call started')).toBeVisible();
  await expect(page.getByRole('timer', { name: 'Duration' })).toHaveText(/^\d+:\d\d$/);

  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(message);
  await box.press('Enter');
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript.getByText(message, { exact: true })).toBeVisible();
  await expect(transcript.getByText(reply, { exact: true })).toBeVisible();
  await expect(box).toHaveValue('');

  // Call Logs folds away calls shorter than a second: this one lasts past its first second.
  await expect(page.getByRole('timer', { name: 'Duration' })).not.toHaveText('0:00');
  await page.getByRole('button', { name: 'End Call' }).click();
  await expect(notice(page, 'Call ended')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Ready to Connect' })).toBeVisible();

  await page.goto('/call-logs');
  // Other specs place calls for this user at the same time: find this one by the words said in it.
  await page.getByRole('searchbox', { name: 'Search transcripts' }).fill(stamp);
  const call = page.getByRole('table', { name: 'Calls' }).locator('tbody[data-call-id]').first();
  await expect(call).toContainText('Typed', { timeout: 30_000 });
  await expect(call.getByLabel('Duration')).toHaveText(/^\d+:\d\d$/);
  await call.getByRole('button', { name: /^Details of the call/ }).click();
  const lines = call.getByRole('list', { name: 'Transcript of the web call' }).getByRole('listitem');
  await expect(lines).toHaveText([`You: ${message}`, /: Thanks for your message\./]);
  await expect(lines.nth(1)).toContainText(reply);

  await page.getByRole('link', { name: 'New Call' }).click();
  await expect(page).toHaveURL(/\/$/);
});
