import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { SANDBOX_ADMIN_PASSWORD } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

// One sandbox server for the file, started as `npm run sandbox -- --seed` starts it (e2e/sandbox-server.ts):
// the sample data is there, every provider is a fake in the API's process, nothing is driven from here.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const BADGE = 'Sandbox — providers are simulated';
// A full load of a remote on a busy machine can outlast the default wait.
const LOAD = { timeout: 30_000 };
const notice = (page: Page, text: string) => page.getByText(text, { exact: true });

async function signIn(page: Page): Promise<void> {
  const response = await page.request.post('/api/login', {
    data: { username: 'admin', password: SANDBOX_ADMIN_PASSWORD },
  });
  expect(response.ok()).toBe(true);
}

test('sign in: the permanent sandbox badge is on every screen', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(SANDBOX_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const badge = page.getByRole('region', { name: 'Sandbox' }).getByText(BADGE);
  await expect(badge).toBeVisible(LOAD);
  // The bar's notice and buttons pass axe's contrast check like the rest of the screen.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(LOAD);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Lab Console' }).first().click();
  await expect(page.getByRole('heading', { name: 'Lab Console' })).toBeVisible(LOAD);
  await expect(badge).toBeVisible();
});

test('send a text: Twilio reports it delivered (two ticks)', async ({ page }) => {
  await signIn(page);
  await page.goto(`/sms/${encodeURIComponent('+16505550111')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Daniel Osei' })).toBeVisible(LOAD);
  await page.getByLabel('Message', { exact: true }).fill('Could you send the PO by noon?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(notice(page, 'Message sent!')).toBeVisible();
  const bubble = page
    .getByRole('listitem', { name: 'Sent message' })
    .filter({ hasText: 'Could you send the PO by noon?' });
  await expect(bubble.getByLabel('Delivered')).toBeVisible();
});

test("simulate an inbound text from a contact: the assistant's draft waits for approval", async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/sms');
  // The seeded threads: family first, with their drafts.
  await expect(page.getByRole('link', { name: /^Mum/ })).toBeVisible(LOAD);
  await page.getByRole('button', { name: 'Simulate a text' }).click();
  const dialog = page.getByRole('dialog', { name: 'Simulate an inbound text' });
  await dialog.getByRole('combobox', { name: 'From' }).click();
  await page.getByRole('option', { name: /^Priya Nair/ }).click();
  await dialog.getByLabel('Message').fill('Can we move the board prep to tomorrow morning?');
  await dialog.getByRole('button', { name: 'Send text' }).click();
  await expect(page).toHaveURL(`/sms/${encodeURIComponent('+14155550147')}`);
  await expect(page.getByText('Can we move the board prep to tomorrow morning?')).toBeVisible(LOAD);
  // One message box holds the draft, under the assistant's name (the home greeting's).
  const composer = page.getByRole('form', { name: 'James drafted a reply' });
  await expect(composer.getByLabel('Draft reply')).toHaveValue(/^Hello Priya, tomorrow at 2pm/);
});

test('queue a formulation: it succeeds with the sample chemistry', async ({ page }) => {
  await signIn(page);
  await page.goto('/lab/console');
  const jobs = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem');
  const succeeded = jobs.filter({ hasText: 'Completed Successfully' });
  // The three seeded jobs ran against the chemistry fake at start.
  await expect(succeeded).toHaveCount(3, LOAD);
  await page.getByRole('link', { name: 'New Formulation', exact: true }).click();
  await page.getByRole('button', { name: 'Fill with sample' }).click();
  await page.getByRole('button', { name: 'Queue Job' }).click();
  await page.getByRole('button', { name: 'Queue and pay' }).click();
  await expect(notice(page, 'Lab job has been queued successfully')).toBeVisible();
  await expect(jobs).toHaveCount(4);
  await expect(jobs.first()).toContainText('Formulate');
  await expect(succeeded).toHaveCount(4);
});

test('connect Google: the consent page signs in the sample account', async ({ page, pageErrors }) => {
  // The sample account's profile picture is Google-hosted, as a real one is; this machine has no internet.
  pageErrors.allow(/ERR_NAME_NOT_RESOLVED \(https:\/\/lh3\.googleusercontent\.com\//);
  await signIn(page);
  await page.goto('/google');
  await page.getByRole('button', { name: 'Connect Google Account' }).click(LOAD);
  await expect(page.getByText('Signed in as Eleanor Hart')).toBeVisible(LOAD);
  await page.getByRole('link', { name: 'Allow' }).click();
  await expect(page.getByText('Google account connected.')).toBeVisible(LOAD);
  await expect(page.getByRole('listitem', { name: 'eleanor.hart@example.com' })).toBeVisible(LOAD);
});

test('a voice call: spoken turns answered with audio, a knowledge search and the diary (events listed)', async ({
  page,
}) => {
  // Count the assistant's audio as the browser receives it.
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const connections: RTCPeerConnection[] = [];
    Object.assign(window, { sandboxConnections: connections });
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        connections.push(this);
      }
    };
  });
  await signIn(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Start call' }).click(LOAD);
  const transcript = page.getByLabel('Transcript');
  await expect(transcript.getByText('Good afternoon. James here. How may I help?')).toBeVisible(LOAD);
  await expect(transcript.getByText('What do we know about the glycerin supplier?')).toBeVisible(LOAD);
  await expect(transcript.getByText(/^From Glycerin supplier renewal: /)).toBeVisible(LOAD);
  await expect(transcript.getByText('What is in my diary this week?')).toBeVisible(LOAD);
  await expect(transcript.getByText(/^You have Weekly leadership sync on /)).toBeVisible(LOAD);

  const audioPackets = await page.evaluate(async () => {
    const [connection] = (window as unknown as { sandboxConnections: RTCPeerConnection[] })
      .sandboxConnections;
    let packets = 0;
    (await connection?.getStats())?.forEach((report) => {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') packets += report.packetsReceived;
    });
    return packets;
  });
  expect(audioPackets).toBeGreaterThan(100);
  await page.getByRole('button', { name: 'End call' }).click();
});

test("usage: the charts have a point per seeded day, the CSV speaks the screen's words, axe passes on desktop and phone", async ({
  page,
}) => {
  await signIn(page);
  const report = (await (await page.request.get('/api/usage?by=day')).json()) as {
    rows: { period: string }[];
  };
  const days = [...new Set(report.rows.map((row) => row.period))].sort();
  expect(days.length).toBeGreaterThan(1);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/voice/console');
  await page.getByRole('tab', { name: 'Usage' }).click(LOAD);
  const points = page.getByRole('figure', { name: 'Calls per day' }).locator('circle');
  await expect(points).toHaveCount(days.length, LOAD);
  const label = (period: string) =>
    new Date(`${period}T12:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
  expect(await points.evaluateAll((circles) => circles.map((circle) => circle.dataset.period))).toEqual(
    days.map(label),
  );
  await expect(page.getByRole('figure', { name: 'Minutes per day' }).locator('circle')).toHaveCount(
    days.length,
  );
  await expect(page.getByRole('figure', { name: 'Cost per day' }).locator('circle')).toHaveCount(days.length);
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const [header, ...lines] = csv.trim().split('\r\n');
  expect(header).toBe('Period,User,Channel,Calls,Minutes,Texts,Tokens,Cost (USD)');
  expect(lines.some((line) => line.includes(',Shared,SMS,'))).toBe(true);
  expect(lines.some((line) => /,admin,Phone,\d+,\d+:\d\d,/.test(line))).toBe(true);
  expect(csv).not.toMatch(/twilio|webrtc/);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Usage by period' })).toBeVisible();
  await expect(page.getByLabel('Usage', { exact: true })).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
});
