import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { HEADLESS_CHROMIUM_FLAGS } from './chromium-flags.ts';
import { AUTH_DIR, E2E_BASE_URL, REALTIME_WEBRTC_FAKE_URL } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

// The home page's idle view, the voice build's first paint (remotes/voice first-paint/, inlined by the
// API), has a live Start call button before any of the app's scripts has run: a press is noted and the
// voice page, once mounted, starts the call (first-paint/early-call-start.ts), against the OpenAI
// Realtime WebRTC fake.
const LOAD = { timeout: 30_000 };

async function fake(path: string, body: unknown = {}): Promise<unknown> {
  const response = await fetch(`${REALTIME_WEBRTC_FAKE_URL}/__fake/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

type FakeCall = { id: string; channelOpen: boolean; ended: boolean; received: { type: string }[] };
const latestCall = async () =>
  (await (await fetch(`${REALTIME_WEBRTC_FAKE_URL}/__fake/calls/latest`)).json()) as FakeCall;
const callCount = async () =>
  ((await (await fetch(`${REALTIME_WEBRTC_FAKE_URL}/__fake/calls`)).json()) as unknown[]).length;

/** Holds back the shell's app.js until `release` is called: until then the page is its HTML alone. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/app/app.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const status = (page: Page) => page.getByRole('status', { name: 'Call status' });

test.beforeEach(async () => {
  await fake('reset');
});

test('Start call pressed before the app has loaded starts the call once the voice page is there', async ({
  userPage: page,
}) => {
  test.setTimeout(60_000);
  const release = await holdAppScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  const start = page.getByRole('button', { name: 'Start call' });
  await expect(start).toBeEnabled();
  await expect(page.locator('[data-boot-idle]')).toHaveCount(1);
  await start.click();
  // Announced at once from the idle view, the page's own words while it connects.
  await expect(status(page)).toHaveText('Connecting...');
  await expect(start).toHaveAttribute('aria-disabled', 'true');
  // A second press changes nothing (the call is started once).
  await start.click({ force: true });
  expect(await callCount()).toBe(0);

  release();
  await expect(status(page)).toHaveText('Listening...', LOAD);
  await expect(page.locator('[data-boot-idle]')).toHaveCount(0);
  expect(await callCount()).toBe(1);
  const call = await latestCall();
  expect(call.channelOpen).toBe(true);
  expect(call.received.map((event) => event.type)).toContain('session.update');
  await page.getByRole('button', { name: 'End call' }).click();
  await expect(status(page)).toHaveText('Press Start to talk');
  await expect.poll(async () => (await latestCall()).ended).toBe(true);
  // Taken once: reloading the page does not start another call.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Start call' })).toBeEnabled(LOAD);
  await expect(page.locator('[data-boot-idle]')).toHaveCount(0, LOAD);
  expect(await callCount()).toBe(1);
});

test('without a press nothing starts: the voice page mounts idle', async ({ userPage: page }) => {
  await page.goto('/');
  await expect(page.locator('[data-boot-idle]')).toHaveCount(0, LOAD);
  await expect(status(page)).toHaveText('Press Start to talk');
  expect(await callCount()).toBe(0);
});

test.describe('in Chromium with its default autoplay policy', () => {
  // The e2e browser lets media play without a gesture; this one has Chromium's default policy, as a
  // visitor's browser. The page itself reports, on the console, how the call's player stands a second
  // after its stream came. Limit: this cannot show that the press's activation is what allowed it, as a
  // control without a press also reported activation (Playwright's own page calls count as gestures).
  let browser: Browser;
  test.beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        ...HEADLESS_CHROMIUM_FLAGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    });
  });
  test.afterAll(() => browser.close());

  async function playerReportAfterEarlyPress(): Promise<string> {
    const context = await browser.newContext({
      baseURL: E2E_BASE_URL,
      storageState: join(AUTH_DIR, 'user.json'),
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const create = document.createElement.bind(document);
      document.createElement = ((name: string, options?: ElementCreationOptions) => {
        const element = create(name, options);
        if (element instanceof HTMLMediaElement) {
          // The call's player (never put in the document): how it stands a second after its stream came.
          const timer = setInterval(() => {
            if (element.srcObject === null) return;
            clearInterval(timer);
            setTimeout(() => {
              const active = navigator.userActivation.hasBeenActive;
              console.log(`player ${element.paused ? 'paused' : 'playing'}, activation ${active}`);
            }, 1_000);
          }, 50);
        }
        return element;
      }) as typeof document.createElement;
    });
    const release = await holdAppScript(page);
    const report = page.waitForEvent('console', {
      predicate: (message) => message.text().startsWith('player '),
      timeout: 30_000,
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Start call' }).click();
    release();
    const text = (await report).text();
    await context.close();
    return text;
  }

  test("after an early press the call's audio plays when the call starts later", async () => {
    test.setTimeout(60_000);
    expect(await playerReportAfterEarlyPress()).toBe('player playing, activation true');
  });
});
