import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Dark from the first frame: each page's head applies the appearance (the system's, emulated here, or the
// remembered choice) and, when dark, links the dark sheet as render-blocking, so the page is never painted
// light first; a light page never fetches that sheet. The dark sheet is held back a while on the way, so a
// page painted before it arrived would show in the first frame.
test.use({ colorScheme: 'dark' });

const LOAD = { timeout: 30_000 };
const DARK_SHEET = /\/appearance-dark\.[0-9a-f]+\.css$/;
const SHEET_DELAY_MS = 800;

type Frame = { dark: boolean; background: string; heading: string | null };

/**
 * Records what the page shows in its first frame: the first animation frame's callback runs just before
 * it is painted, and none runs while a render-blocking sheet is on its way.
 */
async function recordFirstFrame(page: Page, headingSelector: string): Promise<void> {
  await page.addInitScript((selector) => {
    requestAnimationFrame(() => {
      const root = document.documentElement;
      const heading = document.querySelector(selector);
      (window as unknown as { firstFrame: Frame }).firstFrame = {
        dark: root.classList.contains('dark'),
        background: getComputedStyle(root).backgroundColor,
        heading: heading ? getComputedStyle(heading).color : null,
      };
    });
  }, headingSelector);
}

/** Delays the dark sheet, and counts its requests. */
async function holdDarkSheet(page: Page): Promise<{ requests: () => number }> {
  let requests = 0;
  await page.route(DARK_SHEET, async (route) => {
    requests += 1;
    await new Promise((resolve) => setTimeout(resolve, SHEET_DELAY_MS));
    await route.continue();
  });
  return { requests: () => requests };
}

const firstFrame = (page: Page) =>
  page
    .waitForFunction(() => (window as unknown as { firstFrame?: Frame }).firstFrame)
    .then((handle) => handle.jsonValue() as Promise<Frame>);

/** The background the page's root theme has once everything has loaded: the dark sheet's. */
const themeBackground = (page: Page) =>
  page
    .locator('.radix-themes[data-is-root-theme="true"]')
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

/** A colour's luminance (0-255); a transparent one counts as the light canvas behind it. */
const luminance = (color: string | null) => {
  const [r = 0, g = 0, b = 0, alpha = 1] = (color?.match(/[\d.]+/g) ?? []).map(Number);
  return alpha === 0 ? 255 : 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

test('the login page is dark from its first frame, in the dark sheet colour', async ({ page }) => {
  const sheet = await holdDarkSheet(page);
  await recordFirstFrame(page, 'h1');
  await page.goto('/');
  const frame = await firstFrame(page);
  await expect(page.getByRole('heading', { name: 'AnnieAI Login' })).toBeVisible(LOAD);
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
  expect(frame.dark).toBe(true);
  expect(frame.background).toBe(await themeBackground(page));
  expect(luminance(frame.background)).toBeLessThan(40);
  // The heading's text is the dark appearance's too (its tokens were there), not dark on dark.
  expect(luminance(frame.heading)).toBeGreaterThan(180);
  expect(sheet.requests()).toBe(1);
});

test('the home page is dark from its first frame, in the dark sheet colour', async ({ userPage }) => {
  const sheet = await holdDarkSheet(userPage);
  await recordFirstFrame(userPage, '[data-boot-idle] h2');
  await userPage.goto('/');
  const frame = await firstFrame(userPage);
  await expect(userPage.getByRole('navigation', { name: 'Main' })).toBeVisible(LOAD);
  expect(frame.dark).toBe(true);
  // The server-rendered home (its idle view) was what the first frame showed.
  expect(frame.heading).not.toBeNull();
  expect(luminance(frame.heading)).toBeGreaterThan(180);
  expect(frame.background).toBe(await themeBackground(userPage));
  expect(luminance(frame.background)).toBeLessThan(40);
  // Linked once: the app's own follow-up (linkDarkSheet) finds the head's link.
  expect(sheet.requests()).toBe(1);
});

test('the legal pages follow the appearance too', async ({ page }) => {
  await recordFirstFrame(page, 'h1');
  await page.goto('/privacy-policy');
  const frame = await firstFrame(page);
  expect(frame.dark).toBe(true);
  expect(frame.background).toBe(await themeBackground(page));
  expect(luminance(frame.background)).toBeLessThan(40);
});

test.describe('a light page', () => {
  test.use({ colorScheme: 'light' });

  test('never fetches the dark sheet, and Dark chosen before is dark from the first frame', async ({
    page,
  }) => {
    const sheet = await holdDarkSheet(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'AnnieAI Login' })).toBeVisible(LOAD);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled(LOAD);
    expect(await page.locator('html').getAttribute('class')).toContain('light');
    expect(sheet.requests()).toBe(0);

    // The choice the user menu remembers holds against a light system from the first frame on.
    await page.evaluate(() => localStorage.setItem('annie.appearance', 'dark'));
    await recordFirstFrame(page, 'h1');
    await page.reload();
    const frame = await firstFrame(page);
    expect(frame.dark).toBe(true);
    expect(frame.background).toBe(await themeBackground(page));
    expect(luminance(frame.background)).toBeLessThan(40);
    expect(sheet.requests()).toBe(1);
  });
});
