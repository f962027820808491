import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// Every run shares one database, so each test names its rows uniquely.
const unique = (label: string) => `${label}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
// How the screen names a fact: its key in words (company_revenue reads "Company revenue").
const words = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replaceAll('_', ' ');

const factsTab = (page: Page) => page.getByRole('tab', { name: /^Facts \(\d+\)/ });
const notesTab = (page: Page) => page.getByRole('tab', { name: /^Notes \(\d+\)/ });
const search = (page: Page) => page.getByPlaceholder('Search knowledge base...');
// A toast's text also appears in its screen-reader announcement, so match the visible line exactly.
const notice = (page: Page, text: string) => page.getByText(text, { exact: true });

type FactType = 'Text' | 'Number' | 'List' | 'Fields';

async function addFact(page: Page, fact: { key: string; type?: FactType; value: string; unit?: string }) {
  await factsTab(page).click();
  await page.getByRole('button', { name: 'Add Fact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Fact' });
  await dialog.getByLabel('Name').fill(fact.key);
  await dialog.getByRole('radio', { name: fact.type ?? 'Text' }).check();
  await dialog.getByLabel('Value', { exact: true }).fill(fact.value);
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
  test('adds a fact with fields and one with text; each value shows as text, not JSON', async ({
    userPage: page,
  }) => {
    const fieldsKey = unique('revenue');
    const textKey = unique('ceo_name');
    await page.goto('/knowledge');
    await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible();

    await addFact(page, {
      key: fieldsKey,
      type: 'Fields',
      value: 'fy2024: 12500000\nauditor: KPMG',
      unit: 'USD',
    });
    await expect(notice(page, 'Fact created')).toBeVisible();
    const fieldsCard = page.getByRole('article', { name: words(fieldsKey) });
    await expect(fieldsCard.getByRole('heading', { name: words(fieldsKey) })).toBeVisible();
    await expect(fieldsCard).toContainText('12,500,000');
    await expect(fieldsCard).toContainText('Auditor');
    await expect(fieldsCard).not.toContainText('{');
    await expect(fieldsCard).not.toContainText('"');
    await expect(fieldsCard).toContainText('USD');
    await expect(fieldsCard).toContainText('Version 1');
    await expect(fieldsCard.getByText('Needs review')).toBeVisible();

    await addFact(page, { key: textKey, value: 'Margaret Holloway' });
    const textCard = page.getByRole('article', { name: words(textKey) });
    await expect(textCard.getByText('Margaret Holloway', { exact: true })).toBeVisible();
    await expect(textCard).not.toContainText('"Margaret Holloway"');
  });

  test('adds a note with tags, and the search filters both tabs', async ({ userPage: page }) => {
    const key = unique('wine_preference');
    const title = unique('Dinner plans');
    await page.goto('/knowledge');
    await addFact(page, { key, type: 'List', value: 'Burgundy\nRioja' });
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
    await expect(page.getByRole('article', { name: words(key) })).toBeVisible();
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
    await expect(page.getByRole('article', { name: words(key) }).getByRole('listitem')).toHaveText([
      'Burgundy',
      'Rioja',
    ]);
  });

  test('editing a fact value creates Version 2 and keeps Version 1 in the history', async ({
    userPage: page,
  }) => {
    const key = unique('office_headcount');
    await page.goto('/knowledge');
    await addFact(page, { key, type: 'Number', value: '40' });
    const card = page.getByRole('article', { name: words(key) });
    await card.getByRole('button', { name: `Edit ${words(key)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Fact' });
    await expect(dialog.getByRole('radio', { name: 'Number' })).toBeChecked();
    await expect(dialog.getByLabel('Value', { exact: true })).toHaveValue('40');
    await dialog.getByLabel('Value', { exact: true }).fill('42');
    await dialog.getByLabel('Unit (optional)').fill('people');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(notice(page, 'Fact updated')).toBeVisible();
    await expect(card).toContainText('Version 2');
    await expect(card).toContainText('42');
    await expect(card).toContainText('people');

    await card.getByRole('button', { name: `Version history of ${words(key)}` }).click();
    const history = page.getByRole('dialog', { name: `Version history: ${words(key)}` });
    await expect(history.getByRole('listitem', { name: 'Version 2' })).toContainText('42');
    await expect(history.getByRole('listitem', { name: 'Version 1' })).toContainText('40');
    await history.getByRole('button', { name: 'Close' }).click();
    await expect(history).toBeHidden();
  });

  test('deletes a note from its card, Undo brings it back, and deleting again sticks', async ({
    userPage: page,
  }) => {
    const title = unique('Temporary note');
    await page.goto('/knowledge');
    await addNote(page, { title, body: 'To be removed', tags: '' });
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: `Delete ${title}` }).click();
    await expect(notice(page, 'Note deleted')).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(notice(page, 'Note restored')).toBeVisible();
    await expect(card).toContainText('To be removed');

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
    await addFact(userPage, { key, value: 'draft' });
    const userCard = userPage.getByRole('article', { name: words(key) });
    await expect(userCard.getByText('Needs review')).toBeVisible();
    await expect(userCard.getByRole('button', { name: /Approve/ })).toHaveCount(0);

    await adminPage.goto('/knowledge');
    const card = adminPage.getByRole('article', { name: words(key) });
    await card.getByRole('button', { name: `Approve ${words(key)}` }).click();
    await expect(notice(adminPage, 'Fact approved')).toBeVisible();
    await expect(card).toContainText('Approved');
    await expect(card.getByText('Needs review')).toHaveCount(0);
    await expect(card.getByRole('button', { name: /Approve/ })).toHaveCount(0);
  });

  test('the knowledge screen passes axe at desktop and phone widths', async ({ adminPage: page }) => {
    const key = unique('axe_fact');
    await page.goto('/knowledge');
    await addFact(page, { key, type: 'List', value: 'One\nTwo' });
    // The screen as it rests: the notice's entrance animation is not what is being checked.
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('button', { name: 'Close' })
      .click();
    const found: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      for (const tab of [factsTab, notesTab]) {
        await tab(page).click();
        await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
        for (const violation of await seriousViolations(page)) found.push(`${width}px: ${violation}`);
      }
    }
    expect(found).toEqual([]);
  });
});
