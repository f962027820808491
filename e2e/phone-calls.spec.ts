import { seriousViolations } from './axe.ts';
import { MESSAGING_NUMBER, TWILIO_FAKE_URL } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';
import { type FakeRealtimeSession, realtimeFake, realtimeSessionOf } from './realtime-fake-control.ts';

// Every run shares one database (and the guard allows one call per number), so each test has its own number.
const uniquePhone = () => `+1415555${String(1000 + Math.floor(Math.random() * 8999))}`;
/** How Call Logs shows a US number: (415) 555-1234. */
const shown = (phone: string) => `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;

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

/** Sets how the Twilio fake's next callees behave: hang up this long after speaking, or (null) never. */
async function calleeHangsUp(afterMs: number | null): Promise<void> {
  const response = await fetch(`${TWILIO_FAKE_URL}/__fake/calls/callee`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ hangUpAfterMs: afterMs }),
  });
  expect(response.status).toBe(200);
}

test("a contact's call button asks the purpose, dials only once confirmed, and End hangs up the live call", async ({
  userPage: page,
}) => {
  const phone = uniquePhone();
  const purpose = `Confirm Thursday at 3 pm (${phone.slice(-4)})`;
  const created = await page.request.post('/api/contacts', {
    data: { name: 'Daniel Osei', phonePrimary: phone },
  });
  expect(created.status()).toBe(201);
  const dialled = async () => (await fakeCalls()).filter((call) => call.to === phone).length;
  await calleeHangsUp(null);
  try {
    await page.goto('/contacts');
    // The first visit fetches the remote; on a loaded machine that can outlast the default wait.
    await page.getByPlaceholder('Search contacts...').fill(phone.slice(2), { timeout: 30_000 });
    const row = page.getByRole('listitem', { name: 'Daniel Osei' });
    await row.getByRole('button', { name: 'Call Daniel Osei' }).click();
    const dialog = page.getByRole('dialog', { name: 'Call Daniel Osei' });
    await expect(dialog).toContainText(`Daniel Osei at ${shown(phone)}`);
    await dialog.getByRole('button', { name: 'Call Daniel Osei' }).click();
    await expect(dialog.getByText('Say what the call is for: the purpose is required')).toBeVisible();
    expect(await dialled()).toBe(0);
    expect(await seriousViolations(page), 'the purpose dialog').toEqual([]);

    await dialog.getByRole('textbox', { name: 'Purpose' }).fill(purpose);
    await dialog.getByRole('button', { name: 'Call Daniel Osei' }).click();
    const panel = page.getByRole('dialog', { name: 'Call with Daniel Osei' });
    await expect(panel.getByRole('status')).toHaveText('In progress', { timeout: 20_000 });
    // The conversation arrives live, each line under the speaker's name.
    await expect(panel.getByRole('list', { name: 'Transcript' })).toContainText(/James: \S/, {
      timeout: 20_000,
    });
    expect(await dialled()).toBe(1);
    expect(await seriousViolations(page), 'the live call panel').toEqual([]);
    await panel.getByRole('button', { name: 'End call' }).click();
    await expect(panel.getByRole('status')).toHaveText(/^Call ended/);
    await expect
      .poll(async () => (await fakeCalls()).find((call) => call.to === phone)?.status)
      .toBe('completed');
    // The assistant was told the purpose (the contact's number is not in its instructions: their name is).
    const sessions = (await realtimeFake('/__fake/sessions')) as FakeRealtimeSession[];
    const told = sessions.filter((session) =>
      session.updates[0]?.instructions?.includes(`Purpose of the call: ${purpose}`),
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.refused).toEqual([]);
  } finally {
    await calleeHangsUp(500);
  }

  await page.goto('/call-logs');
  // Call Logs names the contact, never their number; the purpose is in the call's details.
  const call = page
    .getByRole('table', { name: 'Calls' })
    .locator('tbody[data-call-id]')
    .filter({ hasText: 'Daniel Osei' })
    .first();
  await expect(call).toContainText('Outbound', { timeout: 30_000 });
  await expect(call).not.toContainText(shown(phone));
  await call.getByRole('button', { name: /^Details of the call/ }).click();
  await expect(call).toContainText(`Purpose: ${purpose}`);
});

test('the conversation view asks the purpose, then its panel follows the call to its end without a reload', async ({
  userPage: page,
}) => {
  const phone = uniquePhone();
  await page.goto(`/sms/${encodeURIComponent(phone)}`);
  // A number that is no contact is named as people write it, never as E.164.
  await page.getByRole('button', { name: `Call ${shown(phone)}` }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: `Call ${shown(phone)}` });
  await dialog.getByRole('textbox', { name: 'Purpose' }).fill('Say the parcel is at reception');
  await dialog.getByRole('button', { name: `Call ${shown(phone)}` }).click();
  // The callee hangs up by itself: the panel hears it from the live events.
  const panel = page.getByRole('dialog', { name: `Call with ${shown(phone)}` });
  await expect(panel.getByRole('status')).toHaveText('Call ended', { timeout: 20_000 });
  await completedCall((call) => call.to === phone);
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
  // The stream is wrapped in a Connect whose action revives the call if its stream is lost (a crash).
  expect(reply.text).toMatch(
    /<Connect action="[^"]*\/api\/phone\/webhooks\/stream-ended\?[^"]*"[^>]*><Stream /,
  );
  await completedCall((call) => call.from === phone);

  await page.goto('/call-logs');
  const call = page
    .getByRole('table', { name: 'Calls' })
    .locator('tbody[data-call-id]')
    .filter({ hasText: shown(phone) });
  await expect(call).toContainText('Caller', { timeout: 30_000 });
  await expect(call).toContainText('Inbound');
  await expect(call.getByLabel('Duration')).toHaveText(/^\d+:\d\d$/);
});

test('an open Call Logs page follows an inbound call from in progress to its end without a reload', async ({
  adminPage: page,
}) => {
  const phone = uniquePhone();
  await page.goto('/call-logs');
  // The page is loaded (with or without calls yet) before the phone rings.
  await expect(page.getByRole('heading', { level: 1, name: 'Call Logs' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('searchbox', { name: 'Search transcripts' })).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Calls' })
    .locator('tbody[data-call-id]')
    .filter({ hasText: shown(phone) });
  await expect(row).toHaveCount(0);
  const rang = await fetch(`${TWILIO_FAKE_URL}/__fake/calls/inbound`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ from: phone, to: MESSAGING_NUMBER }),
  });
  expect(rang.status).toBe(200);
  // The live events bring the call in while it is on.
  await expect(row).toContainText('In progress', { timeout: 20_000 });
  // When Twilio's fake says it is over (polled every 25 ms), the row must follow by itself.
  let endedAt = 0;
  await expect
    .poll(
      async () => {
        const over = (await fakeCalls()).find((call) => call.from === phone)?.status === 'completed';
        if (over && !endedAt) endedAt = Date.now();
        return over;
      },
      { timeout: 20_000, intervals: [25] },
    )
    .toBe(true);
  await expect(row).not.toContainText('In progress', { timeout: 10_000 });
  await expect(row.getByLabel('Duration')).toHaveText(/^\d+:\d\d$/);
  test.info().annotations.push({
    type: 'Call Logs update after a call ends',
    description: `${Date.now() - endedAt} ms (from the fake reporting the end, polled every 25 ms)`,
  });
});
