import type { Page } from '@playwright/test';
import { E2E_USERS, MESSAGING_NUMBER, TWILIO_FAKE_URL } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';
import {
  realtimeFake as realtime,
  realtimeSessionsOf,
  realtimeSessionOf as sessionOf,
} from './realtime-fake-control.ts';

// Who is on the phone decides what the assistant may do. The Twilio fake rings the app and keys digits;
// the realtime fake (in the setup process) reports each session.update's tools and instructions.

const FRONT_DESK = ['take_message', 'request_text_to_caller', 'end_call'];
const uniquePhone = () => `+1415555${String(1000 + Math.floor(Math.random() * 8999))}`;

type FakeCall = { sid: string; from: string; status: string };
type SentText = { to: string; body: string };

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
  return calls.findLast((call) => call.from === phone)?.sid ?? '';
}

const textsTo = async (phone: string) =>
  ((await twilio('messages')) as SentText[]).filter((m) => m.to === phone);
const notice = (page: Page, text: string) => page.getByText(text, { exact: true });

/** Opens Phone access from the user menu. */
async function openPhoneAccess(page: Page) {
  await page.goto('/call-logs');
  await page.getByRole('button', { name: 'User menu' }).click({ timeout: 30_000 });
  await page.getByRole('menuitem', { name: 'Phone access' }).click();
  return page.getByRole('dialog', { name: 'Phone access' });
}

/**
 * Makes `phone` the admin's only own number with the passcode: added to the list (its numbers of
 * earlier tests removed first), verified with the texted code, then the passcode saved.
 */
async function ownNumber(page: Page, phone: string, passcode: string) {
  // Three round trips, one of them checking the password (argon2), on a shared machine.
  test.info().setTimeout(test.info().timeout + 60_000);
  const cleared = await page.request.put('/api/me/phone-access', { data: { numbers: [] } });
  expect(cleared.ok(), await cleared.text()).toBe(true);
  const dialog = await openPhoneAccess(page);
  await dialog.getByLabel('Add a mobile number').fill(phone);
  await dialog.getByRole('button', { name: 'Add number' }).click();
  await expect(notice(page, 'Number added')).toBeVisible();
  const row = dialog.getByRole('listitem').filter({ hasText: 'Pending' });
  await expect.poll(async () => (await textsTo(phone)).length).toBe(1);
  const code = /\b(\d{6})\b/.exec((await textsTo(phone))[0]?.body ?? '')?.[1] ?? '';
  await row.getByLabel(/Code texted to/).fill(code);
  await row.getByRole('button', { name: 'Verify' }).click();
  await expect(notice(page, 'Number verified')).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Verified' })).toHaveCount(1);
  await dialog.getByLabel('New passcode (6 to 12 digits)').fill(passcode);
  await dialog.getByLabel('Your account password').fill(E2E_USERS.admin.password);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Phone access saved')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Rings from `phone` and waits for the app's first configuration of the call's realtime session. */
async function ringAndWait(phone: string, tools: string[]) {
  const before = (await realtimeSessionsOf(phone)).length;
  const sid = await ring(phone);
  await expect
    .poll(async () => (await realtimeSessionsOf(phone))[before]?.updates[0]?.tools, { timeout: 20_000 })
    .toEqual(tools);
  return sid;
}

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
  expect((await sessionOf(phone))?.refused).toEqual([]);
  await expect
    .poll(async () => ((await twilio('calls')) as FakeCall[]).find((call) => call.from === phone)?.status, {
      timeout: 20_000,
    })
    .toBe('completed');
  expect(await textsTo(phone)).toEqual([]);

  // The request waits in the one approvals queue (under Messages), with the count beside Messages;
  // other specs may have left items of their own, so any count at all will do.
  await page.goto('/sms?view=approvals');
  await expect(
    page.getByRole('link', { name: /^Messages \d+ waiting for your approval$/ }).first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  const digits = phone.slice(-4);
  const request = page
    .getByRole('list', { name: 'Waiting for approval' })
    .getByRole('listitem')
    .filter({ hasText: /Rita Reader asked for a text to/ })
    .filter({ hasText: digits });
  await expect(request).toContainText('Caller request', { timeout: 30_000 });
  await expect(request).toContainText('annie.example/brochure');
  expect(await textsTo(phone)).toEqual([]);
  await request.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect.poll(async () => (await textsTo(phone)).length, { timeout: 20_000 }).toBe(1);
  expect((await textsTo(phone))[0]?.body).toContain('annie.example/brochure');
  await expect(request).toHaveCount(0);
});

test("the executive's own number is a caller like any other until the passcode is keyed", async ({
  adminPage: page,
}) => {
  const phone = uniquePhone();
  await ownNumber(page, phone, '482916');

  const sid = await ringAndWait(phone, FRONT_DESK);
  await twilio(`calls/${sid}/keys`, { keys: '482916#' });
  await expect
    .poll(async () => (await sessionOf(phone))?.updates[1]?.tools ?? [], { timeout: 20_000 })
    .toEqual(expect.arrayContaining(['google_gmail_send', 'search_knowledge_base', 'send_sms']));
  expect((await sessionOf(phone))?.refused).toEqual([]);
});

test('wrong passcodes keyed from the owner’s number (perhaps spoofed) lock the check; the owner sees it and clears it', async ({
  adminPage: page,
}) => {
  const phone = uniquePhone();
  await ownNumber(page, phone, '482916');
  // Five wrong ones over two calls (three per call) reach the limit.
  for (const keys of ['000001#000002#000003#', '000004#000005#']) {
    const sid = await ringAndWait(phone, FRONT_DESK);
    await twilio(`calls/${sid}/keys`, { keys });
    await expect
      .poll(async () => ((await twilio('calls')) as FakeCall[]).find((call) => call.sid === sid)?.status, {
        timeout: 20_000,
      })
      .toBe('completed');
  }
  const dialog = await openPhoneAccess(page);
  const lockouts = dialog.getByRole('region', { name: 'Passcode lockouts' });
  await expect(lockouts).toContainText('the phone check is locked until', { timeout: 20_000 });
  await expect(lockouts.getByRole('list', { name: 'Lockouts' })).toContainText(
    `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`,
  );
  await lockouts.getByLabel('Your account password, to clear the lockout').fill(E2E_USERS.admin.password);
  await lockouts.getByRole('button', { name: 'Clear lockout' }).click();
  await expect(notice(page, 'Lockout cleared')).toBeVisible();
  await expect(lockouts).toContainText('(cleared)');

  const sid = await ringAndWait(phone, FRONT_DESK);
  await twilio(`calls/${sid}/keys`, { keys: '482916#' });
  await expect
    .poll(async () => (await sessionOf(phone))?.updates[1]?.tools ?? [], { timeout: 20_000 })
    .toEqual(expect.arrayContaining(['send_sms']));
});
