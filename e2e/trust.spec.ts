import { type Page, request } from '@playwright/test';
import { E2E_USERS, MESSAGING_NUMBER, REALTIME_FAKE_PORT, TWILIO_FAKE_URL } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

// Who is on the phone decides what the assistant may do. The Twilio fake rings the app and keys digits;
// the realtime fake (in the setup process) reports each session.update's tools and instructions.

const FRONT_DESK = ['take_message', 'request_text_to_caller', 'end_call'];
const uniquePhone = () => `+1415555${String(1000 + Math.floor(Math.random() * 8999))}`;

type FakeSession = { updates: { instructions: string | null; tools: string[] | null }[] };
type FakeCall = { sid: string; from: string; status: string };
type SentText = { to: string; body: string };

async function realtime(path: string, body?: unknown): Promise<unknown> {
  const context = await request.newContext({ ignoreHTTPSErrors: true });
  const url = `https://127.0.0.1:${REALTIME_FAKE_PORT}${path}`;
  const response = body === undefined ? await context.get(url) : await context.post(url, { data: body });
  const answer = await response.json();
  await context.dispose();
  return answer;
}

/** The realtime session of the call from `phone` (its instructions name the number). */
async function sessionOf(phone: string): Promise<FakeSession | undefined> {
  const sessions = (await realtime('/__fake/sessions')) as FakeSession[];
  return sessions.find((session) => session.updates[0]?.instructions?.includes(phone));
}

async function twilio(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${TWILIO_FAKE_URL}/__fake/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.json();
}

async function ring(phone: string): Promise<string> {
  await twilio('calls/inbound', { from: phone, to: MESSAGING_NUMBER });
  const calls = (await twilio('calls')) as FakeCall[];
  return calls.find((call) => call.from === phone)?.sid ?? '';
}

const textsTo = async (phone: string) =>
  ((await twilio('messages')) as SentText[]).filter((m) => m.to === phone);
const notice = (page: Page, text: string) => page.getByText(text, { exact: true });

test("a stranger's request becomes a pending action; nothing is sent until the executive sends it", async ({
  adminPage: page,
}) => {
  const phone = uniquePhone();
  const asked = { caller_name: 'Rita Reader', message: 'The brochure: annie.example/brochure' };
  await realtime('/__fake/script', {
    functionCall: { name: 'request_text_to_caller', arguments: JSON.stringify(asked) },
  });
  try {
    await ring(phone);
    await expect
      .poll(async () => (await sessionOf(phone))?.updates[0]?.tools, { timeout: 20_000 })
      .toEqual(FRONT_DESK);
  } finally {
    await realtime('/__fake/reset', {});
  }
  await expect
    .poll(async () => ((await twilio('calls')) as FakeCall[]).find((call) => call.from === phone)?.status, {
      timeout: 20_000,
    })
    .toBe('completed');
  expect(await textsTo(phone)).toEqual([]);

  await page.goto('/call-logs');
  // The count beside Call Logs (the tab strip renders the link twice for its active indicator); other
  // specs' callers may have left requests of their own, so any count at all will do.
  await expect(page.getByRole('link', { name: /^Call Logs \d+ pending requests?$/ }).first()).toBeVisible({
    timeout: 30_000,
  });
  const banner = page.getByRole('region', { name: 'Request from Rita Reader' });
  await expect(banner).toContainText(`asked for a text to ${phone}`);
  expect(await textsTo(phone)).toEqual([]);
  await banner.getByRole('textbox', { name: 'Requested text' }).fill('Hello Rita: annie.example/brochure');
  await banner.getByRole('button', { name: 'Send' }).click();
  await expect(notice(page, 'Text sent')).toBeVisible();
  await expect
    .poll(async () => (await textsTo(phone)).map((text) => text.body))
    .toEqual(['Hello Rita: annie.example/brochure']);
  await expect(banner).toHaveCount(0);
});

test("the executive's own number is a caller like any other until the passcode is keyed", async ({
  adminPage: page,
}) => {
  const phone = uniquePhone();
  await page.goto('/call-logs');
  await page.getByRole('button', { name: 'User menu' }).click({ timeout: 30_000 });
  await page.getByRole('menuitem', { name: 'Phone access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Phone access' });
  await dialog.getByLabel('Your phone numbers (comma-separated)').fill(phone);
  await dialog.getByLabel('New passcode (6 to 12 digits)').fill('482916');
  await dialog.getByLabel('Your account password').fill(E2E_USERS.admin.password);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Phone access saved')).toBeVisible();

  const sid = await ring(phone);
  await expect
    .poll(async () => (await sessionOf(phone))?.updates[0]?.tools, { timeout: 20_000 })
    .toEqual([...FRONT_DESK, 'verify_owner_passcode']);
  await twilio(`calls/${sid}/keys`, { keys: '482916#' });
  await expect
    .poll(async () => (await sessionOf(phone))?.updates[1]?.tools ?? [], { timeout: 20_000 })
    .toEqual(expect.arrayContaining(['google_gmail_send', 'search_knowledge_base', 'send_sms']));
});
