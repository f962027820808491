import type { Page } from '@playwright/test';
import { E2E_USERS } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

/** How a frame showed the home page's greeting, read in the frame's own animation callback. */
type Frame = {
  at: number;
  fontFamily: string;
  avatarWidth: number;
  buttonRadius: string;
  buttonBackground: string;
  /** Whether it was the HTML's first paint (the idle view) or the voice page React rendered. */
  idleView: boolean;
};

type Probe = { greetingFrames: Frame[]; greetingDone: boolean };

// Runs before the page's own scripts, in every document the page loads. From the first frame the browser
// renders, every frame that shows the greeting records its styles as that frame paints them
// (requestAnimationFrame runs in the rendering step, once the stylesheets that block rendering have
// applied), until two frames after the voice page has replaced the HTML's idle view.
function probeFrames() {
  const probe = window as unknown as Probe;
  probe.greetingFrames = [];
  probe.greetingDone = false;
  let afterPage = 0;
  const tick = () => {
    const greeting = Array.from(document.querySelectorAll('h2')).find((h) =>
      h.textContent?.startsWith('Hello, I'),
    );
    if (greeting && greeting.getBoundingClientRect().width > 0) {
      const avatar = document.querySelector('.rt-AvatarRoot');
      const button = document.querySelector('button[aria-label="Start call"]');
      const buttonStyle = button ? getComputedStyle(button) : undefined;
      const idleView = Boolean(greeting.closest('[data-boot-idle]'));
      probe.greetingFrames.push({
        at: performance.timeOrigin + performance.now(),
        fontFamily: getComputedStyle(greeting).fontFamily,
        avatarWidth: avatar?.getBoundingClientRect().width ?? 0,
        buttonRadius: buttonStyle?.borderTopLeftRadius ?? '',
        buttonBackground: buttonStyle?.backgroundColor ?? '',
        idleView,
      });
      if (!idleView) afterPage++;
    }
    if (afterPage >= 2 || performance.now() > 20_000) probe.greetingDone = true;
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

async function greetingFrames(page: Page): Promise<Frame[]> {
  await expect
    .poll(
      () =>
        page
          .evaluate(() => (window as unknown as Partial<Probe>).greetingDone === true)
          // The login page's context ends with the reload into the app.
          .catch(() => false),
      {
        timeout: 25_000,
      },
    )
    .toBe(true);
  return page.evaluate(() => (window as unknown as Probe).greetingFrames);
}

/** Every frame that showed the greeting had the theme's font, the avatar's size and a round, filled button. */
function expectStyled(frames: Frame[]) {
  expect(frames.length, 'frames showed the greeting').toBeGreaterThan(0);
  expect(frames[0]?.idleView, 'the first frame is the HTML’s own paint').toBe(true);
  for (const [index, frame] of frames.entries()) {
    const where = `frame ${index} (${frame.idleView ? 'idle view' : 'voice page'})`;
    expect(frame.fontFamily, where).not.toMatch(/^"?Times/);
    expect(frame.avatarWidth, where).toBe(40);
    expect(frame.buttonRadius, where).not.toBe('0px');
    expect(frame.buttonBackground, where).not.toBe('rgba(0, 0, 0, 0)');
  }
}

test.slow();

test('every frame after sign-in that shows the greeting has its styles, from the first', async ({ page }) => {
  await page.addInitScript(probeFrames);
  await page.goto('/');
  await page.getByLabel('Username').fill(E2E_USERS.user.username);
  await page.getByLabel('Password').fill(E2E_USERS.user.password);
  const signedInAt = Date.now();
  await page.getByRole('button', { name: 'Sign In' }).click();
  const frames = await greetingFrames(page);
  expectStyled(frames);
  // Sign In pressed → the first painted frame of the home page (the login's 500 ms notice included).
  const ms = Math.round((frames[0]?.at ?? 0) - signedInAt);
  test.info().annotations.push({ type: 'sign-in → styled first paint', description: `${ms} ms` });
  console.log(`sign-in → styled first paint: ${ms} ms`);
});

test('on a reload, every frame that shows the greeting has its styles, from the first', async ({
  userPage,
}) => {
  await userPage.addInitScript(probeFrames);
  await userPage.goto('/');
  await greetingFrames(userPage);
  await userPage.reload();
  expectStyled(await greetingFrames(userPage));
});
