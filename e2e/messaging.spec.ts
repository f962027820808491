import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// A toast's text also appears in its screen-reader announcement, so match the visible line exactly.
const notice = (page: Page, text: string) => page.getByText(text, { exact: true });
// Every run shares one database, so each test texts from its own number.
const uniquePhone = () => `+1415555${String(1000 + Math.floor(Math.random() * 8999))}`;

test('add a contact, find it by nickname in Favorites, and follow its message button', async ({
  userPage: page,
}) => {
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
