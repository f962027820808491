import { expect, test } from './fixtures.ts';

// Swagger UI (5.35) virtualizes the operations list once it holds 150 tags and operations or more
// (this document: 28 tags, 127 operations): only what is near the viewport is in the DOM, and the rest
// renders as the reader scrolls or follows a deep link. The tests scroll, or link, as a reader does.
test.describe('API reference', () => {
  test('renders the OpenAPI document for a signed-in user, within the CSP', async ({ userPage: page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/api/docs');
    // The reference renders the whole document in the browser: slow on a loaded machine.
    await expect(page.getByRole('heading', { name: /AnnieAI API/ })).toBeVisible({ timeout: 30_000 });
    // An operation from each of two modules, as the document lists them, reached by scrolling.
    for (const path of ['/api/knowledge/search', '/api/lab/jobs/{id}/export']) {
      const operation = page.getByText(path, { exact: true }).first();
      await expect(async () => {
        if (!(await operation.isVisible())) await page.mouse.wheel(0, 600);
        await expect(operation).toBeVisible({ timeout: 250 });
      }).toPass({ timeout: 20_000 });
    }
    expect(violations).toEqual([]);
  });

  test("resolves an operation's schemas, a fact's recursive value included", async ({ userPage: page }) => {
    // The deep link opens the operation; Swagger UI then resolves its schemas' references.
    await page.goto('/api/docs#/knowledge/getApiKnowledgeFacts');
    const listFacts = page.locator('#operations-knowledge-getApiKnowledgeFacts');
    // The example is drawn from the resolved schema (the Fact component, its JsonValue).
    await expect(listFacts.getByText('"approvedAt"').first()).toBeVisible();
    await expect(page.getByText(/Resolver error|Could not resolve reference/)).toHaveCount(0);
  });

  test('is not shown to someone who is not signed in', async ({ page, pageErrors }) => {
    pageErrors.allow(/status of 401 .*\/api\/docs\)$/);
    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(401);
  });
});
