import { seriousViolations } from './axe.ts';
import { GOOGLE_FAKE_URL, REALTIME_WEBRTC_FAKE_URL } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

type FakeState = { revocations: number; tokenRequests: { grantType: string; status: number }[] };
// Each test loads the whole app three times (the page, back from Google's consent, the result page):
// full loads, not in-app navigation, so on a busy machine they get more time than the default.
const FULL_LOAD = { timeout: 30_000 };
test.describe.configure({ timeout: 90_000 });

/** The voice page's realtime fake, driven over its test controls (`/__fake/…`). */
async function realtimeFake(path: string, data: unknown = {}): Promise<unknown> {
  const response = await fetch(`${REALTIME_WEBRTC_FAKE_URL}/__fake/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(data),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const fakeState = async (): Promise<FakeState> =>
  (await fetch(`${GOOGLE_FAKE_URL}/__fake/state`)).json() as Promise<FakeState>;

test('connect two Google accounts, switch the active one, run a tool from a voice call, then disconnect and revoke both', async ({
  userPage: page,
  pageErrors,
}) => {
  // The fake answers with a Google-hosted profile picture, as Google does; this machine has no internet.
  pageErrors.allow(/ERR_NAME_NOT_RESOLVED \(https:\/\/lh3\.googleusercontent\.com\//);
  // The fake serves the whole run: only the token requests this test causes are its own.
  const tokenRequestsBefore = (await fakeState()).tokenRequests.length;
  await page.goto('/google');
  await expect(page.getByText('Not Connected', { exact: true })).toBeVisible(FULL_LOAD);
  const services = page.getByRole('list', { name: 'Services' });
  await expect(services.getByRole('listitem')).toHaveCount(6);
  await expect(services.getByText('Not connected')).toHaveCount(6);

  await page.getByRole('button', { name: 'Connect Google Account' }).click();
  await expect(page).toHaveURL(/\/o\/oauth2\/v2\/auth\?/, FULL_LOAD);
  await expect(page.getByText('Signed in as Eleanor Hart')).toBeVisible();
  await page.getByRole('link', { name: 'Allow' }).click();

  // No page of its own: /google/success leads on to the Google page, which says so.
  await expect(page).toHaveURL(/\/google$/, FULL_LOAD);
  await expect(page.getByText('Google account connected.')).toBeVisible(FULL_LOAD);
  await expect(services.getByText('Allowed')).toHaveCount(6);
  const exchange = (await fakeState()).tokenRequests
    .slice(tokenRequestsBefore)
    .find((request) => request.grantType === 'authorization_code');
  expect(exchange?.status).toBe(200);

  await expect(page.getByText('Google services are active')).toBeVisible();
  const account = page.getByRole('listitem', { name: 'eleanor.hart@example.com' });
  await expect(account.getByText('Eleanor Hart')).toBeVisible();
  await expect(account.getByText('Active')).toBeVisible();

  // A second account (the page offers Connect only while none is): Google's chooser picks the other
  // signed-in account, which becomes the active one; Use this account switches back.
  const { authUrl } = (await (await page.request.get('/api/google/auth')).json()) as { authUrl: string };
  await page.goto(authUrl);
  await page.getByRole('link', { name: 'Use e.hart@board.example.com' }).click();
  await expect(page.getByText('Signed in as E. Hart (board)')).toBeVisible();
  await page.getByRole('link', { name: 'Allow' }).click();
  await expect(page.getByText('Google account connected.')).toBeVisible(FULL_LOAD);
  const board = page.getByRole('listitem', { name: 'e.hart@board.example.com' });
  await expect(board.getByText('Active', { exact: true })).toBeVisible();
  await expect(account.getByText('Inactive', { exact: true })).toBeVisible();
  await account.getByRole('button', { name: 'Use this account' }).click();
  await expect(account.getByText('Active', { exact: true })).toBeVisible();
  await expect(board.getByText('Inactive', { exact: true })).toBeVisible();
  await page.reload();
  await expect(account.getByText('Active', { exact: true })).toBeVisible(FULL_LOAD);

  // A Google tool the model asks for during a call on the voice page, run by the page through the API.
  await realtimeFake('reset');
  await realtimeFake('script', {
    userTranscripts: ['What is on my calendar today?'],
    functionCall: { name: 'google_calendar_list', arguments: '{}' },
    replyAfterTool: 'Your weekly leadership sync is this morning.',
  });
  try {
    const callsBefore = (
      (await (await fetch(`${REALTIME_WEBRTC_FAKE_URL}/__fake/calls`)).json()) as unknown[]
    ).length;
    await page.goto('/');
    await page.getByRole('button', { name: 'Start call' }).click(FULL_LOAD);
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${REALTIME_WEBRTC_FAKE_URL}/__fake/calls`)).json()) as unknown[]).length,
      )
      .toBeGreaterThan(callsBefore);
    const output = (await realtimeFake('calls/latest/wait-for-event', {
      type: 'conversation.item.create',
      match: { item: { type: 'function_call_output' } },
      timeoutMs: 20_000,
    })) as { event: { item: { output: string } } };
    expect(output.event.item.output).toContain('Weekly leadership sync');
    const transcript = page.getByRole('log', { name: 'Transcript' });
    await expect(transcript).toContainText('Your weekly leadership sync is this morning.', {
      timeout: 20_000,
    });
    await page.getByRole('button', { name: 'End call' }).click();
  } finally {
    await realtimeFake('reset');
  }
  await page.goto('/google');
  await expect(page.getByText('Google services are active')).toBeVisible(FULL_LOAD);

  const revocationsBefore = (await fakeState()).revocations;
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Google Workspace has been disconnected.', { exact: true })).toBeVisible();
  await expect(page.getByText('Not Connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connected Accounts' })).toHaveCount(0);
  expect((await fakeState()).revocations).toBe(revocationsBefore + 2);
});

test('a denied consent lands on the error page with a way back', async ({ userPage: page }) => {
  await page.goto('/google');
  await expect(page.getByText('Not Connected', { exact: true })).toBeVisible(FULL_LOAD);
  await page.getByRole('button', { name: 'Connect Google Account' }).click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/google\/error/, FULL_LOAD);
  await expect(page.getByRole('heading', { name: 'Connection Failed' })).toBeVisible(FULL_LOAD);
  await expect(page.getByText('Failed to connect Google account. Please try again.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Google Workspace' }).click();
  await expect(page.getByText('Not Connected', { exact: true })).toBeVisible();
});

test('the Google page passes axe at desktop and phone widths', async ({ userPage: page }) => {
  const found: string[] = [];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/google');
    await expect(page.getByRole('list', { name: 'Services' })).toBeVisible(FULL_LOAD);
    for (const violation of await seriousViolations(page)) found.push(`${width}px: ${violation}`);
  }
  expect(found).toEqual([]);
});
