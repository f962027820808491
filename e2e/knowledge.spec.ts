import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Every run shares one database, so each test names its rows uniquely.
const unique = (label: string) => `${label}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const factsTab = (page: Page) => page.getByRole('tab', { name: /^Facts \(\d+\)/ });
const notesTab = (page: Page) => page.getByRole('tab', { name: /^Notes \(\d+\)/ });
const search = (page: Page) => page.getByPlaceholder('Search knowledge base...');
// A toast's text also appears in its screen-reader announcement, so match the visible line exactly.
const notice = (page: Page, text: string) => page.getByText(text, { exact: true });

async function addFact(page: Page, fact: { key: string; value: string; unit?: string }) {
  await factsTab(page).click();
  await page.getByRole('button', { name: 'Add Fact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Fact' });
  await dialog.getByLabel('Key').fill(fact.key);
  await dialog.getByLabel('Value (JSON format)').fill(fact.value);
  if (fact.unit) await dialog.getByLabel('Unit (optional)').fill(fact.unit);
  await dialog.getByRole('button', { name: 'Create Fact' }).click();
  await expect(notice(page, 'Knowledge fact has been added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function addNote(page: Page, note: { title: string; body: string; tags: string }) {
  await notesTab(page).click();
  await page.getByRole('button', { name: 'Add Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Note' });
  await dialog.getByLabel('Title').fill(note.title);
  await dialog.getByLabel('Content').fill(note.body);
  await dialog.getByLabel('Tags (comma-separated)').fill(note.tags);
  await dialog.getByRole('button', { name: 'Create Note' }).click();
  await expect(notice(page, 'Knowledge note has been added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe('knowledge base', () => {
  test('adds a fact with a JSON value and one with plain text', async ({ userPage: page }) => {
    const jsonKey = unique('revenue');
    const textKey = unique('ceo_name');
    await page.goto('/knowledge');
    await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible();

    await addFact(page, { key: jsonKey, value: '{"fy2024": 12500000, "audited": true}', unit: 'USD' });
    await expect(notice(page, 'Fact created')).toBeVisible();
    const jsonCard = page.getByRole('article', { name: jsonKey });
    await expect(jsonCard).toContainText('"fy2024": 12500000');
    await expect(jsonCard).toContainText('"audited": true');
    await expect(jsonCard).toContainText('USD');
    await expect(jsonCard).toContainText('Version 1');

    await addFact(page, { key: textKey, value: 'Margaret Holloway' });
    const textCard = page.getByRole('article', { name: textKey });
    // Not valid JSON, so it was stored as a string and shows as JSON text.
    await expect(textCard).toContainText('"Margaret Holloway"');
  });

  test('adds a note with tags, and the search filters both tabs', async ({ userPage: page }) => {
    const key = unique('wine_preference');
    const title = unique('Dinner plans');
    await page.goto('/knowledge');
    await addFact(page, { key, value: '["Burgundy", "Rioja"]' });
    await addNote(page, {
      title,
      body: 'Book the usual table for Friday.',
      tags: ' restaurants, friday ,, ',
    });
    await expect(notice(page, 'Note created')).toBeVisible();
    const card = page.getByRole('article', { name: title });
    await expect(card).toContainText('Book the usual table for Friday.');
    await expect(card.getByText('restaurants', { exact: true })).toBeVisible();
    await expect(card.getByText('friday', { exact: true })).toBeVisible();

    await search(page).fill(key.toUpperCase());
    await expect(factsTab(page)).toHaveText(/^Facts \(1\)/);
    await expect(notesTab(page)).toHaveText(/^Notes \(0\)/);
    await factsTab(page).click();
    await expect(page.getByRole('article', { name: key })).toBeVisible();
    await notesTab(page).click();
    await expect(page.getByText('No notes match your search')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add First Note' })).toHaveCount(0);

    await search(page).fill(title);
    await expect(notesTab(page)).toHaveText(/^Notes \(1\)/);
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    await factsTab(page).click();
    await expect(page.getByText('No facts match your search')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add First Fact' })).toHaveCount(0);

    // Values are searched as JSON text.
    await search(page).fill('rioja');
    await expect(page.getByRole('article', { name: key })).toBeVisible();
  });

  test('editing a fact value creates Version 2 and keeps Version 1 in the history', async ({
    userPage: page,
  }) => {
    const key = unique('office_headcount');
    await page.goto('/knowledge');
    await addFact(page, { key, value: '40' });
    const card = page.getByRole('article', { name: key });
    await card.getByRole('button', { name: `Edit ${key}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Fact' });
    await expect(dialog.getByLabel('Value (JSON format)')).toHaveValue('40');
    await dialog.getByLabel('Value (JSON format)').fill('42');
    await dialog.getByLabel('Unit (optional)').fill('people');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(notice(page, 'Fact updated')).toBeVisible();
    await expect(card).toContainText('Version 2');
    await expect(card).toContainText('42');
    await expect(card).toContainText('people');

    await card.getByRole('button', { name: `Version history of ${key}` }).click();
    const history = page.getByRole('dialog', { name: `Version history: ${key}` });
    await expect(history.getByRole('listitem', { name: 'Version 2' })).toContainText('42');
    await expect(history.getByRole('listitem', { name: 'Version 1' })).toContainText('40');
    await history.getByRole('button', { name: 'Close' }).click();
    await expect(history).toBeHidden();
  });

  test('deletes a note after confirming', async ({ userPage: page }) => {
    const title = unique('Temporary note');
    await page.goto('/knowledge');
    await addNote(page, { title, body: 'To be removed', tags: '' });
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    await page
      .getByRole('dialog', { name: 'Edit Note' })
      .getByRole('button', { name: 'Delete Note' })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete note?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(notice(page, 'Note deleted')).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.reload();
    await notesTab(page).click();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  });

  test('an admin approves a fact; a regular user has no Approve button', async ({ userPage, adminPage }) => {
    const key = unique('approval_target');
    await userPage.goto('/knowledge');
    await addFact(userPage, { key, value: '"draft"' });
    await expect(
      userPage.getByRole('article', { name: key }).getByRole('button', { name: 'Approve' }),
    ).toHaveCount(0);

    await adminPage.goto('/knowledge');
    const card = adminPage.getByRole('article', { name: key });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(notice(adminPage, 'Fact approved')).toBeVisible();
    await expect(card).toContainText('Approved');
    await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  });
});
