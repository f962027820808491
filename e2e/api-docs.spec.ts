import { expect, test } from './fixtures.ts';

test.describe('API reference', () => {
  test('renders the OpenAPI document for a signed-in user, within the CSP', async ({ userPage: page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/api/docs');
    // The reference renders the whole document in the browser: slow on a loaded machine.
    await expect(page.getByRole('heading', { name: /AnnieAI API/ })).toBeVisible({ timeout: 30_000 });
    // An operation from each of two domains, as the document lists them.
    await expect(page.getByText('/api/lab/jobs/{id}/export')).toBeVisible();
    await expect(page.getByText('/api/knowledge/search')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('is not shown to someone who is not signed in', async ({ page, pageErrors }) => {
    pageErrors.allow(/status of 401 .*\/api\/docs\)$/);
    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(401);
  });
});
