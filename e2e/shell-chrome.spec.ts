import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { AUTH_DIR } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

const PHONE = { width: 390, height: 844 };
// The first screen of a test waits for its remote, which a loaded machine serves slowly.
const LOAD = { timeout: 30_000 };
test.slow();

// The menus' code comes with its stylesheet (the script is a numbered chunk shared with other parts).
const MENU_CODE = /\/app\/deferred-ui-dropdown-menu\.[0-9a-f]+\.css$/;

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: `${AUTH_DIR}user.json`, viewport: PHONE });
  return context.newPage();
}

/** axe's serious and critical findings on the shell's chrome alone (the screens are their remotes'). */
async function chromeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .include('header')
    .include('footer')
    .include('nav[aria-label="Tabs"]')
    .include('.app-skip-link')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .disableRules(['region'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/**
 * The time from a press on `trigger` to its menu in the page, measured in the page (pointerdown to the
 * mutation adding role=menu), after the page has fetched the menus' code by itself.
 */
async function firstOpenMs(page: Page, trigger: ReturnType<Page['getByRole']>): Promise<number> {
  await page.evaluate(() => {
    const probe = window as unknown as { menuOpenMs?: Promise<number> };
    probe.menuOpenMs = new Promise<number>((resolve) => {
      let pressedAt = 0;
      document.addEventListener('pointerdown', () => (pressedAt = performance.now()), {
        capture: true,
        once: true,
      });
      const observer = new MutationObserver(() => {
        if (!pressedAt || !document.querySelector('[role="menu"]')) return;
        observer.disconnect();
        resolve(performance.now() - pressedAt);
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  });
  await trigger.click();
  await expect(page.getByRole('menu')).toBeVisible();
  return page.evaluate(() => (window as unknown as { menuOpenMs: Promise<number> }).menuOpenMs);
}

test('the skip link is the first stop and moves focus to the screen', async ({ userPage }) => {
  await userPage.goto('/knowledge');
  await expect(userPage.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible(LOAD);
  await userPage.keyboard.press('Tab');
  const skip = userPage.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await userPage.keyboard.press('Enter');
  await expect(userPage.locator('main#main-content')).toBeFocused();
});

test('⌘K opens the palette: a screen by name, a contact by name', async ({ userPage, pageErrors }) => {
  // The contact page's timeline asks for the person's thread, which is refused (404) before a first text.
  pageErrors.allow(/status of 404 .*\/api\/sms\/threads\/%2B\d+\)$/);
  const phone = `+165055501${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
  const created = await userPage.request.post('/api/contacts', {
    data: { name: 'Paloma Palette', phonePrimary: phone },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await userPage.goto('/knowledge');
  await expect(userPage.getByRole('navigation', { name: 'Main' })).toBeVisible(LOAD);

  await userPage.keyboard.press('ControlOrMeta+k');
  const search = userPage.getByRole('combobox', { name: 'Search screens and contacts' });
  await expect(search).toBeFocused();
  await search.fill('history');
  await expect(userPage.getByRole('option', { name: /Conversation History/ })).toBeVisible();
  await userPage.keyboard.press('Enter');
  await expect(userPage).toHaveURL(/\/conversations$/);
  await expect(search).toHaveCount(0);

  await userPage.keyboard.press('ControlOrMeta+k');
  await search.fill('Paloma');
  await expect(userPage.getByRole('option', { name: /Paloma Palette/ })).toBeVisible();
  await userPage.keyboard.press('Enter');
  await expect(userPage).toHaveURL(new RegExp(`/contacts/${id}$`));
});

test('focus returns to the trigger when a dialog closes', async ({ userPage }) => {
  await userPage.goto('/knowledge');
  await expect(userPage.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible(LOAD);
  // A dialog opened from a menu item: the item is gone when it closes; the menu's trigger gets focus.
  const userMenu = userPage.getByRole('button', { name: 'User menu' });
  await userMenu.click();
  await userPage.getByRole('menuitem', { name: 'Phone access' }).click();
  await expect(userPage.getByRole('dialog')).toBeVisible();
  await userPage.keyboard.press('Escape');
  await expect(userPage.getByRole('dialog')).toHaveCount(0);
  await expect(userMenu).toBeFocused();
  // The palette, opened by its button.
  const search = userPage.getByRole('button', { name: 'Search screens and contacts' });
  await search.click();
  await expect(userPage.getByRole('dialog')).toBeVisible();
  await userPage.keyboard.press('Escape');
  await expect(search).toBeFocused();
});

test('every screen is in the menu, the operator ones apart; menus open at once the first time', async ({
  adminPage,
  browser,
}) => {
  const menuCode = adminPage.waitForResponse(MENU_CODE);
  await adminPage.goto('/knowledge');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible(LOAD);
  // Fetched by the page once it is idle, before any menu was reached for.
  await menuCode;
  const hamburger = await firstOpenMs(adminPage, adminPage.getByRole('button', { name: 'Open menu' }));
  const menu = adminPage.getByRole('menu');
  for (const label of ['Typed call', 'Conversation History', 'Call Logs', 'Contacts']) {
    await expect(menu.getByRole('menuitem', { name: label, exact: true })).toBeVisible();
  }
  // Messages carries the approvals count when other specs left drafts waiting.
  await expect(
    menu.getByRole('menuitem', { name: /^Messages( \d+ waiting for your approval)?$/ }),
  ).toBeVisible();
  const operator = menu.getByText('Operator', { exact: true });
  await expect(operator).toBeVisible();
  const operatorTop = (await operator.boundingBox())?.y ?? 0;
  for (const label of ['Voice Console', 'Usage']) {
    const item = menu.getByRole('menuitem', { name: label, exact: true });
    expect((await item.boundingBox())?.y ?? 0, label).toBeGreaterThan(operatorTop);
  }
  await menu.getByRole('menuitem', { name: 'Usage', exact: true }).click();
  await expect(adminPage).toHaveURL(/\/voice\/console\?tab=usage$/);
  await expect(adminPage.getByRole('tab', { name: 'Usage' })).toHaveAttribute('aria-selected', 'true');

  const page = await phonePage(browser);
  const phoneMenuCode = page.waitForResponse(MENU_CODE);
  await page.goto('/knowledge');
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible(LOAD);
  await phoneMenuCode;
  const more = await firstOpenMs(page, page.getByRole('navigation', { name: 'Tabs' }).getByRole('button'));
  await expect(page.getByRole('menuitem', { name: 'Typed call' })).toBeVisible();
  await page.keyboard.press('Escape');
  const user = await firstOpenMs(page, page.getByRole('button', { name: 'User menu' }));
  console.log(
    `first open: hamburger ${hamburger.toFixed(0)} ms, More ${more.toFixed(0)} ms, user menu ${user.toFixed(0)} ms`,
  );
  test.info().annotations.push({
    type: 'first open (ms)',
    description: `hamburger ${hamburger.toFixed(0)}, More ${more.toFixed(0)}, user menu ${user.toFixed(0)}`,
  });
  await page.context().close();
});

test('on a phone, the call button and its caption sit above the tab bar, with the sandbox bar shown too', async ({
  browser,
}) => {
  const page = await phonePage(browser);
  // The seeded sandbox's bar adds to the chrome above: the screen must still fit above the tab bar.
  await page.route('**/api/remotes', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), sandbox: true } });
  });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Sandbox' })).toBeVisible(LOAD);
  const start = page.getByRole('button', { name: 'Start call', exact: true });
  await expect(start).toBeEnabled(LOAD);
  await expect(page.locator('[data-boot-idle]')).toHaveCount(0, LOAD);
  const caption = page.locator(`#${await start.getAttribute('aria-describedby')}`);
  const tabBar = await page.getByRole('navigation', { name: 'Tabs' }).boundingBox();
  const button = await start.boundingBox();
  const captionBox = await caption.boundingBox();
  expect(tabBar && button && captionBox).toBeTruthy();
  if (!tabBar || !button || !captionBox) return;
  expect(button.y + button.height).toBeLessThanOrEqual(tabBar.y);
  expect(captionBox.y + captionBox.height).toBeLessThanOrEqual(tabBar.y);
  // The toasts' list sits inside the screen, above the tab bar.
  const toasts = await page
    .getByRole('region', { name: /Notifications/ })
    .locator('ol')
    .boundingBox();
  expect(toasts?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((toasts?.x ?? 0) + (toasts?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  expect((toasts?.y ?? 0) + (toasts?.height ?? 0)).toBeLessThanOrEqual(tabBar.y + 1);
  await page.context().close();
});

test('the user menu is never on screen without its items, the first opening included', async ({
  userPage,
}) => {
  // Each state the menu is in, from the moment it is in the page (its parts used to arrive one by one
  // after it, leaving a menu with nothing but who is signed in: axe's aria-required-children).
  await userPage.addInitScript(() => {
    const states: string[] = [];
    Object.assign(window, { menuStates: states });
    new MutationObserver(() => {
      const menu = document.querySelector('[role="menu"]');
      if (!menu) return;
      const state = `${menu.querySelectorAll('[role^="menuitem"]').length} items`;
      if (states.at(-1) !== state) states.push(state);
    }).observe(document, { subtree: true, childList: true });
  });
  await userPage.goto('/knowledge');
  await expect(userPage.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible(LOAD);
  await userPage.getByRole('button', { name: 'User menu' }).click();
  const menu = userPage.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  // Who is signed in stays in the menu, beside its items.
  await expect(menu.getByText('riley', { exact: true })).toBeVisible();
  const states = await userPage.evaluate(() => (window as unknown as { menuStates: string[] }).menuStates);
  expect(states).toEqual(['5 items']);
});

test('axe finds nothing serious on the chrome, at both widths, with the menu and the palette open', async ({
  userPage,
}) => {
  for (const width of [1280, PHONE.width]) {
    await userPage.setViewportSize({ width, height: PHONE.height });
    await userPage.goto('/knowledge');
    await expect(userPage.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible(LOAD);
    expect(await chromeViolations(userPage), `chrome at ${width}px`).toEqual([]);
    await userPage.getByRole('button', { name: 'User menu' }).click();
    await expect(userPage.getByRole('menu')).toBeVisible();
    const menu = await new AxeBuilder({ page: userPage }).include('[role="menu"]').analyze();
    expect(
      menu.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    await userPage.keyboard.press('Escape');
    await userPage.keyboard.press('ControlOrMeta+k');
    await expect(userPage.getByRole('dialog')).toBeVisible();
    const palette = await new AxeBuilder({ page: userPage }).include('[role="dialog"]').analyze();
    expect(
      palette.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    await userPage.keyboard.press('Escape');
  }
});
