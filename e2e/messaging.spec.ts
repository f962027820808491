import type { Page } from '@playwright/test';
import { MESSAGING_NUMBER, TWILIO_FAKE_URL } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

// A toast's text also appears in its screen-reader announcement, so match the visible line exactly.
const notice = (page: Page, text: string) => page.getByText(text, { exact: true });
// Every run shares one database, so each test texts from its own number.
const uniquePhone = () => `+1415555${String(1000 + Math.floor(Math.random() * 8999))}`;
// How the screens show a number: (415) 555-1234, never E.164.
const formatted = (phone: string) => `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
// The assistant's pending reply is held in the thread's one message box, named by the assistant (from settings).
const draftComposer = (page: Page) => page.getByRole('form', { name: 'James drafted a reply' });
// The contact page's timeline asks for the person's thread, which is refused (404) before a first text.
const NO_THREAD_YET = /status of 404 .*\/api\/sms\/threads\/%2B\d+\)$/;

// The first screen of a test waits up to 30 s for its remote, which a loaded machine serves slowly.
test.slow();

type SentMessage = { sid: string; to: string; body: string };

/** Drives the Twilio fake over its control endpoints: a text arrives, or a status is reported. */
async function twilio(action: 'inbound' | 'status', body: Record<string, unknown>) {
  const response = await fetch(`${TWILIO_FAKE_URL}/__fake/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as { status: number };
  expect(reply.status, `the app's answer to the ${action} webhook`).toBeLessThan(300);
}

async function sentTo(phone: string): Promise<SentMessage[]> {
  const sent = (await (await fetch(`${TWILIO_FAKE_URL}/__fake/messages`)).json()) as SentMessage[];
  return sent.filter((message) => message.to === phone);
}

test('add a contact, find it by nickname in Favorites, and open its thread', async ({ userPage: page }) => {
  const phone = uniquePhone();
  await page.goto('/contacts');
  // The first visit fetches the remote; on a loaded machine that can outlast the default wait.
  await page.getByRole('button', { name: 'Add contact' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Add Contact' });
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name *').fill('Margaret Smith');
  await dialog.getByLabel('Nickname').fill('Mom');
  await dialog.getByLabel('Phone').fill(phone.slice(2));
  await dialog.getByLabel('Email').fill('mags@');
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(dialog.getByText('Email must be a valid email address')).toBeVisible();
  await dialog.getByLabel('Email').fill('mags@example.com');
  await dialog.getByLabel('Favorite').check();
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(notice(page, 'Contact added successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByPlaceholder('Search contacts...').fill('mom');
  await expect(page.getByRole('heading', { level: 2, name: 'Favorites' })).toBeVisible();
  const row = page.getByRole('listitem', { name: 'Margaret Smith' });
  await expect(row).toContainText('"Mom"');
  await row.getByRole('link', { name: 'Message Margaret Smith' }).click();
  await expect(page).toHaveURL(`/sms/${encodeURIComponent(phone)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mom' })).toBeVisible();
  await expect(page.getByText('Send a message to start the conversation')).toBeVisible();
});

test('an "Add to contacts" link (?add=) opens Add Contact with its number; one abroad is shown as its country writes it', async ({
  userPage: page,
}) => {
  // Ofcom's London numbers for drama, 020 7946 0000 to 0999.
  const tail = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  const phone = `+442079460${tail}`;
  await page.goto(`/contacts?add=${encodeURIComponent(phone)}`);
  const dialog = page.getByRole('dialog', { name: 'Add Contact' });
  await expect(dialog.getByLabel('Phone')).toHaveValue(phone, { timeout: 30_000 });
  // Used once: the address no longer asks for it, so a reload does not open the form again.
  await expect(page).toHaveURL('/contacts');
  await dialog.getByLabel('Name *').fill('Rita Reader');
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(notice(page, 'Contact added successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByPlaceholder('Search contacts...').fill(phone.slice(1));
  const row = page.getByRole('listitem', { name: 'Rita Reader' });
  await expect(row).toContainText(`+44 20 7946 0${tail}`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog')).toBeHidden();

  const found = await page.request.get('/api/contacts', { params: { q: phone.slice(1) } });
  const entries = (await found.json()) as { contact: { id: string; phonePrimary: string | null } }[];
  for (const { contact } of entries.filter((entry) => entry.contact.phonePrimary === phone)) {
    expect((await page.request.delete(`/api/contacts/${contact.id}`)).status()).toBe(204);
  }
});

test('the contact page: edit and save the details, then delete after confirming', async ({
  userPage: page,
  pageErrors,
}) => {
  pageErrors.allow(NO_THREAD_YET);
  const phone = uniquePhone();
  const created = await page.request.post('/api/contacts', {
    data: { name: 'Harold Finch', phonePrimary: phone },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/contacts/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harold Finch' })).toBeVisible({
    timeout: 30_000,
  });

  const form = page.getByRole('form', { name: 'Contact details' });
  await form.getByLabel('Name *').fill('Harold Wren');
  await form.getByLabel('Notes').fill('Prefers a text before noon');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Contact updated')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Harold Wren' })).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('Name *')).toHaveValue('Harold Wren', { timeout: 30_000 });
  await expect(form.getByLabel('Notes')).toHaveValue('Prefers a text before noon');

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Contact' });
  await expect(confirm).toContainText('Are you sure you want to delete Harold Wren?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(notice(page, 'Contact deleted')).toBeVisible();
  await expect(page).toHaveURL('/contacts');
  expect((await page.request.get(`/api/contacts/${id}`)).status()).toBe(404);
});

test('switching a thread to Auto-respond makes Annie text the next message back unasked', async ({
  userPage: page,
}) => {
  const phone = uniquePhone();
  await twilio('inbound', { from: phone, to: MESSAGING_NUMBER, body: 'Is the office open today?' });
  await page.goto(`/sms/${encodeURIComponent(phone)}`);
  await expect(draftComposer(page)).toBeVisible({ timeout: 30_000 });
  expect(await sentTo(phone)).toEqual([]);

  await page.getByRole('button', { name: 'Conversation menu' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Ask first' })).toBeChecked();
  await page.getByRole('menuitemradio', { name: 'Auto-respond' }).click();
  await expect(notice(page, 'Preference updated')).toBeVisible();

  await twilio('inbound', { from: phone, to: MESSAGING_NUMBER, body: 'And tomorrow?' });
  await expect.poll(async () => (await sentTo(phone)).length, { timeout: 20_000 }).toBe(1);
  const [sent] = await sentTo(phone);
  await expect(
    page.getByRole('listitem', { name: 'Sent message' }).filter({ hasText: sent?.body ?? '' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Conversation menu' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Auto-respond' })).toBeChecked();
});

test('an inbound text appears live with its unread badge; the draft is sent and shows two ticks once delivered', async ({
  userPage: page,
}) => {
  const phone = uniquePhone();
  await page.goto('/sms');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible({ timeout: 30_000 });
  await twilio('inbound', { from: phone, to: MESSAGING_NUMBER, body: 'Are we still on for 3pm?' });
  // The link is named by what it shows: the number formatted first, the unread count (visually hidden) last.
  const thread = page.getByRole('link', {
    name: new RegExp(`^${formatted(phone).replace(/[()]/g, '\\$&')} .*\\b1 unread$`),
  });
  await expect(thread).toBeVisible();
  await expect(thread).toContainText('Are we still on for 3pm?');

  await thread.click();
  const banner = draftComposer(page);
  await expect(banner).toBeVisible();
  await expect(banner.getByLabel('Draft reply')).toHaveValue(/Thanks for your message/);
  await banner.getByLabel('Draft reply').fill('Yes, see you at 3!');
  await banner.getByRole('button', { name: 'Send draft' }).click();
  await expect(notice(page, 'Draft sent!')).toBeVisible();
  await expect(banner).toBeHidden();
  const [sent] = await sentTo(phone);
  expect(sent?.body).toBe('Yes, see you at 3!');

  const bubble = page
    .getByRole('listitem', { name: 'Sent message' })
    .filter({ hasText: 'Yes, see you at 3!' });
  await expect(bubble.getByLabel('Sent')).toBeVisible();
  await twilio('status', { sid: sent?.sid, status: 'delivered' });
  await expect(bubble.getByLabel('Delivered')).toBeVisible();
});

test('Reject drops the draft; STOP disables the message box', async ({ userPage: page }) => {
  const phone = uniquePhone();
  await twilio('inbound', { from: phone, to: MESSAGING_NUMBER, body: 'Can you send the deck?' });
  await page.goto(`/sms/${encodeURIComponent(phone)}`);
  const banner = draftComposer(page);
  await banner.getByRole('button', { name: 'Reject' }).click({ timeout: 30_000 });
  await expect(notice(page, 'Draft rejected')).toBeVisible();
  await expect(banner).toBeHidden();
  expect(await sentTo(phone)).toEqual([]);

  await page.getByLabel('Message', { exact: true }).fill('Sending it now');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(notice(page, 'Message sent!')).toBeVisible();

  await twilio('inbound', { from: phone, to: MESSAGING_NUMBER, body: 'STOP' });
  await expect(page.getByText('This contact has opted out of receiving messages')).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toBeDisabled();
});

test('conversation history: list, select with the assistant label, delete through the dialog', async ({
  userPage: page,
}) => {
  const started = await page.request.post('/api/voice/conversations', { data: { title: null } });
  const { id } = (await started.json()) as { id: string };
  for (const [role, content] of [
    ['user', 'What is on my calendar today?'],
    ['assistant', 'You have the board meeting at 10.'],
  ]) {
    await page.request.post(`/api/voice/conversations/${id}/messages`, {
      data: { role, content, timestamp: new Date().toISOString() },
    });
  }
  await page.goto('/conversations');
  await expect(page.getByRole('heading', { level: 1, name: 'Conversation History' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Select a conversation from the list to view messages')).toBeVisible();
  const row = page.getByRole('button', { name: /2 messages/ }).first();
  await row.click();
  await expect(page.getByText('You have the board meeting at 10.')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Messages' }).getByText('James', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages' }).getByText('You', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Conversation' });
  await expect(
    dialog.getByText('Are you sure you want to delete this conversation? This action cannot be undone.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Select a conversation', { exact: true })).toBeVisible();
  expect((await page.request.get(`/api/voice/conversations/${id}`)).status()).toBe(404);
});
