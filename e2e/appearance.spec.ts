import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// Dark mode: the appearance follows the system's `prefers-color-scheme` (emulated here) until the user
// menu's toggle says Light or Dark, which is remembered. Then axe over the admin's own screens (Remote
// releases, Phone access) at a desktop and a phone size in both appearances, and a dark pass over home,
// Messages and Call Logs.
const LOAD = { timeout: 30_000 };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The page's background, as the theme paints it: dark when its luminance is low. */
async function isDark(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.querySelector('.radix-themes') ?? document.body;
    const [r = 255, g = 255, b = 255] = (
      getComputedStyle(element).backgroundColor.match(/[\d.]+/g) ?? []
    ).map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 80;
  });
}

async function settle(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible(LOAD);
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0, LOAD);
  await expect(page.locator('[data-boot-idle]')).toHaveCount(0, LOAD);
}

async function chooseAppearance(page: Page, choice: 'System' | 'Light' | 'Dark') {
  await page.getByRole('button', { name: 'User menu' }).click(LOAD);
  await page.getByRole('menuitemradio', { name: choice }).click();
}

test('follows prefers-color-scheme, and the toggle overrides it and is remembered', async ({
  adminPage: page,
}) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/admin/modules');
  await settle(page, 'Remote releases');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await isDark(page)).toBe(true);

  // The system changes while the page is open: System follows it.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  expect(await isDark(page)).toBe(false);

  // Dark chosen in the user menu holds against a light system, across a reload.
  await chooseAppearance(page, 'Dark');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await isDark(page)).toBe(true);
  await page.reload();
  await settle(page, 'Remote releases');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'User menu' }).click(LOAD);
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  // Closed before the trigger is pressed again (a press while it is still closing toggles it shut).
  await expect(page.getByRole('menu')).toBeHidden();

  // Back to System: light again, as the system is.
  await chooseAppearance(page, 'System');
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  expect(await isDark(page)).toBe(false);
});

for (const [width, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe: Remote releases and Phone access, ${width}, ${scheme}`, async ({ adminPage: page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/admin/modules');
      await settle(page, 'Remote releases');
      expect(await isDark(page)).toBe(scheme === 'dark');
      expect(await seriousViolations(page), 'Remote releases').toEqual([]);

      await page.getByRole('button', { name: 'User menu' }).click(LOAD);
      await page.getByRole('menuitem', { name: 'Phone access' }).click();
      const dialog = page.getByRole('dialog', { name: 'Phone access' });
      await expect(dialog.getByRole('region', { name: 'Your phone numbers' })).toBeVisible(LOAD);
      expect(await seriousViolations(page), 'Phone access').toEqual([]);
    });
  }
}

test("dark pass over other owners' screens: home, Messages, Call Logs", async ({ userPage: page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  const found: string[] = [];
  for (const [viewport, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    for (const [path, heading] of [
      ['/', /.+/],
      ['/sms', /.+/],
      ['/call-logs', /.+/],
    ] as const) {
      await page.goto(path);
      await settle(page, heading);
      expect(await isDark(page), path).toBe(true);
      for (const violation of await seriousViolations(page)) found.push(`${viewport} ${path}: ${violation}`);
    }
  }
  // Found violations are reported to their owners (see the report), not fixed here.
  test.info().annotations.push({ type: 'dark-pass', description: found.join('\n') || 'none' });
  expect.soft(found).toEqual([]);
});
