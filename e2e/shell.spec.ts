import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { firstPaintMarkup, withRootMarkup } from '@annie/api/src/modules/static/first-paint-markup.ts';
import { FIRST_SCREEN_BUDGET_BYTES, firstScreenFiles } from '@annie/build-config/first-screen-size';
import { firstPaintSchema } from '@annie/contracts/first-paint';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { E2E_USERS } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

test.describe('sign in and out', () => {
  test('an unauthenticated visitor sees only the login screen, with its texts', async ({ page }) => {
    await page.goto('/knowledge');
    await expect(page.getByRole('heading', { name: 'AnnieAI Login' })).toBeVisible();
    await expect(page.getByText('Enter your credentials to access the system')).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('the login form is in the page before any script runs, and paints with JavaScript off', async ({
    request,
    browser,
  }) => {
    const response = await request.get('/knowledge', { headers: { Accept: 'text/html' } });
    const html = await response.text();
    // React's separator between the two text nodes survives the build, or hydration discards the markup.
    expect(html).toContain('>AnnieAI<!-- --> Login</h1>');
    expect(html).toContain('>Enter your credentials to access the system</p>');
    expect(html).toMatch(/<input[^>]*name="username"/);
    expect(html).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Sign In<\/button>/);

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'AnnieAI Login' })).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await context.close();
  });

  test('an empty form shows Missing credentials', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Missing credentials', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter both username and password', { exact: true })).toBeVisible();
  });

  test('a wrong password shows Login failed with the server message', async ({ page, pageErrors }) => {
    pageErrors.allow(/status of 401 .*\/api\/login\)$/);
    await page.goto('/');
    await page.getByLabel('Username').fill(E2E_USERS.user.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid username or password', { exact: true })).toBeVisible();
  });

  test('a session the API cannot check (a 503 during a database outage) gets the login screen, not an endless spinner', async ({
    userPage,
    pageErrors,
  }) => {
    pageErrors.allow(/status of 503 .*\/api\/auth\/user\)$/);
    await userPage.route('**/api/auth/user', (route) =>
      route.fulfill({ status: 503, json: { message: 'Database unavailable' } }),
    );
    await userPage.goto('/knowledge');
    await expect(userPage.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(userPage.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  });

  test('signing in welcomes the user and reloads into the app; logging out returns to the login screen', async ({
    browser,
    baseURL,
  }) => {
    // Its own context, closed with a bound: closing the shared fixture's context after this test has hung
    // for 30 s in two full runs on a slow machine (never alone), after every assertion had passed. What
    // the test checks is the sign-in and logout flow; a close that hangs is reported, not waited out.
    const context = await browser.newContext({ baseURL });
    test.info().annotations.push({ type: 'context', description: 'own context, closed within 5 s' });
    const page = await context.newPage();
    try {
      await signInAndOut(page);
    } finally {
      const closed = await Promise.race([
        context.close().then(() => true),
        new Promise<boolean>((done) => setTimeout(() => done(false), 5_000)),
      ]);
      if (!closed) console.warn('shell.spec: closing the sign-in/out context took over 5 s');
    }
  });
});

async function signInAndOut(page: Page): Promise<void> {
  await page.goto('/knowledge');
  await page.getByLabel('Username').fill(E2E_USERS.user.username);
  await page.getByLabel('Password').fill(E2E_USERS.user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful', { exact: true })).toBeVisible();
  await expect(page.getByText('Welcome to AnnieAI!', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  // The notice shows for the 500 ms before the reload; on a loaded machine Playwright's own polling can
  // miss that window, so the page notes it in sessionStorage (which outlives the reload) from the DOM
  // mutation that adds it. No exposed function: closing the context once hung for 30 s after this test
  // in a full run (not reproduced alone), and a binding called while the page unloads is the likeliest
  // suspect.
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      if (!document.body.textContent?.includes('You have been successfully logged out.')) return;
      sessionStorage.setItem('e2e-logout-notice', 'shown');
      observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('e2e-logout-notice')).catch(() => null))
    .toBe('shown');
  await expect(page.getByRole('heading', { name: 'AnnieAI Login' })).toBeVisible();
}

test.describe('navigation', () => {
  test("the signed-in app breaks none of its page's security policy (no eval, even one attempted)", async ({
    userPage,
  }) => {
    await userPage.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
      });
    });
    await userPage.goto('/knowledge');
    await expect(userPage.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(userPage.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible();
    const violations = await userPage.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations).toEqual([]);
  });

  test('the desktop header lists the links and highlights the active route', async ({ userPage }) => {
    await userPage.goto('/call-logs');
    const main = userPage.getByRole('navigation', { name: 'Main' });
    for (const label of ['Voice', 'Call Logs', 'Contacts', 'Lab Console', 'Knowledge']) {
      await expect(main.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    // Messages carries the approvals count when other specs left drafts waiting.
    await expect(
      main.getByRole('link', { name: /^Messages( \d+ waiting for your approval)?$/ }),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: 'Call Logs' })).toHaveAttribute('aria-current', 'page');
    await expect(main.getByRole('link', { name: 'Voice', exact: true })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(userPage.getByText('Online')).toBeVisible();
  });

  test('a regular user has no Voice Console in either menu; an admin has it in both', async ({
    userPage,
    adminPage,
  }) => {
    await userPage.goto('/knowledge');
    await userPage.getByRole('button', { name: 'User menu' }).click();
    await expect(userPage.getByText(E2E_USERS.user.username, { exact: true })).toBeVisible();
    await expect(userPage.getByText(E2E_USERS.user.email)).toBeVisible();
    await expect(userPage.getByRole('menuitem', { name: 'Voice Console' })).toHaveCount(0);
    await userPage.keyboard.press('Escape');
    await userPage.getByRole('button', { name: 'Open menu' }).click();
    await expect(userPage.getByRole('menuitem', { name: 'Google Workspace' })).toBeVisible();
    await expect(userPage.getByRole('menuitem', { name: 'Voice Console' })).toHaveCount(0);

    await adminPage.goto('/knowledge');
    await adminPage.getByRole('button', { name: 'User menu' }).click();
    await expect(adminPage.getByRole('menuitem', { name: 'Voice Console' })).toBeVisible();
    await adminPage.keyboard.press('Escape');
    await adminPage.getByRole('button', { name: 'Open menu' }).click();
    await expect(adminPage.getByRole('menuitem', { name: 'Voice Console' })).toBeVisible();
  });

  test('the mobile bar shows its tabs, and / is active only on /', async ({ browser }) => {
    const context = await browser.newContext({
      storageState: `${(await import('./e2e-env.ts')).AUTH_DIR}user.json`,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/sms');
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    for (const label of ['Voice', 'Messages', 'Contacts', 'History', 'Lab', 'More']) {
      await expect(tabs.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(tabs.getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Voice' })).not.toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: 'Voice' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(tabs.getByRole('link', { name: 'Voice' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByText('More').click();
    await expect(page.getByRole('menuitem', { name: 'Knowledge Base' })).toBeVisible();
    await context.close();
  });

  test('an unknown path shows the 404 card', async ({ userPage }) => {
    await userPage.goto('/no/such/page');
    await expect(userPage.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(userPage.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('the legal pages state the policy facts', async ({ userPage }) => {
    await userPage.goto('/privacy-policy');
    await expect(userPage.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    await expect(userPage.getByText(/deleted 90 days after it is closed/).first()).toBeVisible();
    await expect(userPage.getByText(/No audio recording of any call is kept/).first()).toBeVisible();
    await expect(userPage.getByText(/Effective date: September 16, 2025/).first()).toBeVisible();
    await userPage.goto('/terms-of-service');
    await expect(userPage.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
    await expect(userPage.getByText(/arbitration/i).first()).toBeVisible();
    await expect(userPage.getByText(/emergency/i).first()).toBeVisible();
  });
});

test('signed out, the login page links the legal pages, which answer 200 and pass axe', async ({ page }) => {
  await page.goto('/');
  const legal = page.getByRole('navigation', { name: 'Legal' });
  await legal.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  for (const path of ['/privacy-policy', '/terms-of-service']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page), `${path} at ${width}px`).toEqual([]);
    }
  }
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test.describe('federated remotes', () => {
  test('a regular user never receives the Voice Console code, an admin does', async ({
    userPage,
    adminPage,
  }) => {
    const userRequests: string[] = [];
    userPage.on('request', (request) => userRequests.push(request.url()));
    await userPage.goto('/');
    await userPage.goto('/voice/console');
    await expect(userPage.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await userPage.goto('/call-logs');
    await expect(userPage.getByRole('heading', { name: 'Call Logs', exact: true })).toBeVisible();
    expect(userRequests.some((url) => url.includes('/remotes/voice/'))).toBe(true);
    expect(userRequests.filter((url) => /\/remotes\/.*console/i.test(url))).toEqual([]);

    const adminRequests: string[] = [];
    adminPage.on('request', (request) => adminRequests.push(request.url()));
    await adminPage.goto('/voice/console');
    await expect(adminPage.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0);
    await expect
      .poll(() => adminRequests.filter((url) => /\/remotes\/voice\/.*console/i.test(url)).length)
      .toBeGreaterThan(0);
  });

  test('a remote that fails to load leaves the rest of the shell working, and Retry recovers', async ({
    userPage,
    pageErrors,
  }) => {
    // The aborted remote is reported in the console, by the browser and by the federation runtime.
    pageErrors.allow(/net::ERR_FAILED \(http:\/\/[^/]+\/remotes\/lab\//);
    pageErrors.allow(/Federation Runtime \]: Failed to get manifest/);
    const FALLBACK_SENTENCE = 'This section could not be loaded. The rest of AnnieAI keeps working.';
    await userPage.route('**/remotes/lab/**', (route) => route.abort());
    await userPage.goto('/lab/console');
    await expect(userPage.getByText(FALLBACK_SENTENCE)).toBeVisible();
    // The federation error stays behind the disclosure until asked for.
    const details = userPage.getByRole('alert').locator('details');
    await expect(details.locator('code')).toBeHidden();
    await details.getByText('Technical details').click();
    await expect(details.locator('code')).toBeVisible();
    const main = userPage.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Call Logs' }).click();
    await expect(userPage.getByText(FALLBACK_SENTENCE)).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Call Logs' })).toHaveAttribute('aria-current', 'page');

    await main.getByRole('link', { name: 'Lab Console' }).click();
    await expect(userPage.getByText(FALLBACK_SENTENCE)).toBeVisible();
    await userPage.unroute('**/remotes/lab/**');
    await userPage.getByRole('button', { name: 'Retry' }).click();
    await expect(userPage.getByText(FALLBACK_SENTENCE)).toHaveCount(0);
    await expect(userPage.getByRole('heading', { name: 'Lab Console' })).toBeVisible();
  });
});

test.describe("the home page's idle view", () => {
  test('paints from the HTML before any script runs, without a spinner, and the voice page replaces it once', async ({
    userPage,
  }) => {
    // The shell's script is held back: what shows meanwhile is the HTML alone.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await userPage.route('**/app/app.js', async (route) => {
      await held;
      await route.continue();
    });
    // Not until `load`, which waits for the held (deferred) script.
    await userPage.goto('/', { waitUntil: 'commit' });
    const greeting = userPage.getByRole('heading', { level: 2, name: /^Hello, I'm / });
    await expect(greeting).toBeVisible();
    const painted = await greeting.textContent();
    // Its Start call is live already (a press is kept for the page: idle-view-start.spec.ts), and its
    // status line is the page's own live region, the only one: no spinner.
    await expect(userPage.locator('[data-boot-idle] button[aria-label="Start call"]')).toBeEnabled();
    await expect(userPage.getByRole('status')).toHaveCount(1);
    await expect(userPage.getByRole('status', { name: 'Call status' })).toHaveText('Press Start to talk');

    release();
    await expect(userPage.locator('[data-boot-idle]')).toHaveCount(0);
    await expect(userPage.getByRole('button', { name: 'Start call', exact: true })).toBeEnabled();
    await expect(greeting).toHaveCount(1);
    await expect(greeting).toHaveText(painted ?? '');
    await expect(userPage.getByRole('status')).toHaveCount(1);
    await expect(userPage.getByRole('status', { name: 'Call status' })).toBeVisible();
  });

  test('is sent only to the home page', async ({ userPage }) => {
    const html = (path: string) =>
      userPage.request.get(path, { headers: { Accept: 'text/html' } }).then((response) => response.text());
    expect(await html('/')).toContain('data-boot-idle="voice"');
    expect(await html('/knowledge')).not.toContain('data-boot-idle="voice"');
    expect(await html('/knowledge')).toContain('class="boot-spinner"');
  });
});

test.describe('size budget', () => {
  // Read from the builds this run serves (not timed, no browser): the app page, what it references and
  // the home remote's module, each as the server sends it (Brotli). The bundle-size benchmark measures
  // the same way on the wire, with the headers and the API calls (191.8 KB in 11 round trips).
  test('sign-in → home stays within 200 KB as served', () => {
    const root = join(import.meta.dirname, '..');
    const files = firstScreenFiles({
      shellDist: join(root, 'shell/dist'),
      homeRemote: { name: 'voice', dist: join(root, 'remotes/voice/dist'), module: './app' },
    });
    // The page as the API sends it at /: with the voice build's first paint in it (Brotli 11, as sent).
    const firstPaint = firstPaintSchema.parse(
      JSON.parse(readFileSync(join(root, 'remotes/voice/dist/first-paint.json'), 'utf8')),
    );
    const page = withRootMarkup(
      readFileSync(join(root, 'shell/dist/app.html'), 'utf8'),
      firstPaintMarkup(firstPaint, 'James').markup,
    );
    const served = brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    for (const file of files) if (file.url === '/') file.bytes = served;
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    const listing = files.map((file) => `${file.url} ${file.bytes} ${file.encoding}`).join('\n');
    expect(total, `sign-in → home, as served:\n${listing}`).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_BYTES);
  });
});
