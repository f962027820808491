import type { Page } from '@playwright/test';
import { MESSAGING_NUMBER, TWILIO_FAKE_URL } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';
import { realtimeSessionOf } from './realtime-fake-control.ts';

// A toast's text also appears in its screen-reader announcement, so match the visible line exactly.
const notice = (page: Page, text: string) => page.getByText(text, { exact: true });
// Every run shares one database (and the guard allows one call per number), so each test has its own number.
const uniquePhone = () => `+1415555${String(1000 + Math.floor(Math.random() * 8999))}`;

type FakeCall = {
  sid: string;
  direction: 'outbound-api' | 'inbound';
  to: string;
  from: string;
  status: string;
  stream?: { media: unknown[]; sentFrameAt: unknown[] };
};

async function fakeCalls(): Promise<FakeCall[]> {
  return (await (await fetch(`${TWILIO_FAKE_URL}/__fake/calls`)).json()) as FakeCall[];
}

/** Waits until the Twilio fake's call matching `which` is over, having carried audio both ways. */
async function completedCall(which: (call: FakeCall) => boolean): Promise<FakeCall> {
  await expect
    .poll(async () => (await fakeCalls()).find(which)?.status, { timeout: 20_000 })
    .toBe('completed');
  const call = (await fakeCalls()).find(which) as FakeCall;
  expect(call.stream?.sentFrameAt.length).toBeGreaterThan(0);
  expect(call.stream?.media.length).toBeGreaterThan(0);
  // The app sent OpenAI nothing it refuses (a second response.create while one is active, ...).
  const session = await realtimeSessionOf(call.direction === 'inbound' ? call.from : call.to);
  expect(session?.updates.length).toBeGreaterThan(0);
  expect(session?.refused).toEqual([]);
  return call;
}

test('the conversation view calls the number through Twilio, and the call is in Call History', async ({
  userPage: page,
}) => {
  const phone = uniquePhone();
  await page.goto(`/sms/${encodeURIComponent(phone)}`);
  // The first visit fetches the remote; on a loaded machine that can outlast the default wait.
  await page.getByRole('button', { name: `Call ${phone}` }).click({ timeout: 30_000 });
  await expect(notice(page, 'Call started')).toBeVisible();
  await completedCall((call) => call.to === phone);

  await page.goto('/call-logs');
  const call = page.getByRole('list', { name: 'Calls' }).locator('> li').filter({ hasText: phone });
  await expect(call).toContainText('Phone Call', { timeout: 30_000 });
  await expect(call.getByLabel('Duration')).toHaveText(/^\d+:\d\d$/);
  await call.getByText('Transcript available').click();
  await expect(call.getByRole('list', { name: 'Transcript of the phone call' })).toContainText(
    'Good afternoon',
  );
});

test("an inbound call to the business number is answered and shown to the tenant's owner", async ({
  adminPage: page,
}) => {
  const phone = uniquePhone();
  const rang = await fetch(`${TWILIO_FAKE_URL}/__fake/calls/inbound`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ from: phone, to: MESSAGING_NUMBER }),
  });
  const { reply } = (await rang.json()) as { reply: { status: number; text: string } };
  expect(reply.status).toBe(200);
  expect(reply.text).toContain('<Connect><Stream');
  await completedCall((call) => call.from === phone);

  await page.goto('/call-logs');
  const call = page.getByRole('list', { name: 'Calls' }).locator('> li').filter({ hasText: phone });
  await expect(call).toContainText('Phone Call', { timeout: 30_000 });
  await expect(call.getByLabel('Duration')).toHaveText(/^\d+:\d\d$/);
});
