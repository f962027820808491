import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { AUTH_DIR, type E2ERole } from './e2e-env.ts';

type Fixtures = { userPage: Page; adminPage: Page };

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

/** `page` is signed out; `userPage` and `adminPage` are signed in as the seeded user and admin. */
export const test = base.extend<Fixtures>({
  userPage: async ({ browser }, use) => signedInPage(browser, 'user', use),
  adminPage: async ({ browser }, use) => signedInPage(browser, 'admin', use),
});

export { expect } from '@playwright/test';
