import { GOOGLE_FAKE_URL } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

type FakeState = { revocations: number; tokenRequests: { grantType: string; status: number }[] };
// Each test loads the whole app three times (the page, back from Google's consent, the result page):
// full loads, not in-app navigation, so on a busy machine they get more time than the default.
const FULL_LOAD = { timeout: 30_000 };
test.describe.configure({ timeout: 90_000 });

const fakeState = async (): Promise<FakeState> =>
  (await fetch(`${GOOGLE_FAKE_URL}/__fake/state`)).json() as Promise<FakeState>;

test('connect Google through the consent page, run a tool, then disconnect and revoke', async ({
  userPage: page,
  pageErrors,
}) => {
  // The fake answers with a Google-hosted profile picture, as Google does; this machine has no internet.
  pageErrors.allow(/ERR_NAME_NOT_RESOLVED \(https:\/\/lh3\.googleusercontent\.com\//);
  await page.goto('/google');
  await expect(page.getByText('Not Connected')).toBeVisible(FULL_LOAD);
  await expect(page.getByRole('list', { name: 'Available services' }).getByRole('listitem')).toHaveCount(6);

  await page.getByRole('button', { name: 'Connect Google Account' }).click();
  await expect(page).toHaveURL(/\/o\/oauth2\/v2\/auth\?/, FULL_LOAD);
  await expect(page.getByText('Signed in as Eleanor Hart')).toBeVisible();
  await page.getByRole('link', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/\/google\/success$/);
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible(FULL_LOAD);
  await expect(page.getByText('Google account connected successfully')).toBeVisible();
  const exchange = (await fakeState()).tokenRequests.find(
    (request) => request.grantType === 'authorization_code',
  );
  expect(exchange?.status).toBe(200);

  await page.getByRole('link', { name: 'Back to Google Workspace' }).click();
  await expect(page.getByText('Google services are active')).toBeVisible();
  const account = page.getByRole('listitem', { name: 'eleanor.hart@example.com' });
  await expect(account.getByText('Eleanor Hart')).toBeVisible();
  await expect(account.getByText('Active')).toBeVisible();

  const tool = await page.request.post('/api/google/voice-tools', {
    data: { toolName: 'google_calendar_list', parameters: {} },
  });
  expect(tool.status()).toBe(200);
  const result = (await tool.json()) as { success: boolean; data: { events: { summary: string }[] } };
  expect(result.success).toBe(true);
  expect(result.data.events.map((event) => event.summary)).toContain('Weekly leadership sync');

  const revocationsBefore = (await fakeState()).revocations;
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Google Workspace has been disconnected.', { exact: true })).toBeVisible();
  await expect(page.getByText('Not Connected')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connected Accounts' })).toHaveCount(0);
  expect((await fakeState()).revocations).toBe(revocationsBefore + 1);
});

test('a denied consent lands on the error page with a way back', async ({ userPage: page }) => {
  await page.goto('/google');
  await expect(page.getByText('Not Connected')).toBeVisible(FULL_LOAD);
  await page.getByRole('button', { name: 'Connect Google Account' }).click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/google\/error/, FULL_LOAD);
  await expect(page.getByRole('heading', { name: 'Connection Failed' })).toBeVisible(FULL_LOAD);
  await expect(page.getByText('Failed to connect Google account. Please try again.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Google Workspace' }).click();
  await expect(page.getByText('Not Connected')).toBeVisible();
});
