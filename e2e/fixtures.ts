import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { AUTH_DIR, type E2ERole } from './e2e-env.ts';
import { PageErrors } from './page-errors.ts';

type Fixtures = { userPage: Page; adminPage: Page; pageErrors: PageErrors };

async function signedInPage(
  browser: import('@playwright/test').Browser,
  role: E2ERole,
  use: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ storageState: join(AUTH_DIR, `${role}.json`) });
  const page = await context.newPage();
  await use(page);
  await context.close();
}

/**
 * `page` is signed out; `userPage` and `adminPage` are signed in as the seeded user and admin. Every test
 * fails when any page it opened (in any context) raised a page error or logged a `console.error` it did
 * not declare with `pageErrors.allow`.
 */
export const test = base.extend<Fixtures>({
  pageErrors: [
    async ({ browser }, use) => {
      const errors = new PageErrors();
      const contexts = errors.watchNewContexts(browser);
      try {
        await use(errors);
      } finally {
        contexts.restore();
      }
      expect(errors.unexpected(), 'page errors and console errors').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, pageErrors }, use) => use(pageErrors.watch(context)),
  userPage: async ({ browser }, use) => signedInPage(browser, 'user', use),
  adminPage: async ({ browser }, use) => signedInPage(browser, 'admin', use),
});

export { expect };
