// The sign-in click → the home page's Start call button, timed in Chromium (the bundle-size benchmark, on
// the production builds or on a running instance with --origin).
import type { Page } from '@playwright/test';

export interface Credentials {
  username: string;
  password: string;
}

export type SignInTiming = Awaited<ReturnType<typeof signInToStart>>;

/**
 * Signs in from the login screen and waits for the home page's Start call button to be enabled and
 * painted: the server-rendered idle view's, which takes a press before the app's scripts have run (a press
 * is kept for the voice page). Then waits for the voice page itself to replace the idle view. Wall times
 * from the click, and the app page's own part (its navigation start → then).
 */
export async function signInToStart(page: Page, credentials: Credentials) {
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  // The click as the page receives it (the event's time), not when Playwright was asked to click: the
  // driver first scrolls, waits for two stable frames and checks the target (its own wait, reported apart).
  // And when the sign-in's answer came in (the login page's own timing of its request).
  await page.evaluate(() => {
    const marks = window as unknown as { annieClickAt?: Promise<number>; annieAnsweredAt?: Promise<number> };
    marks.annieClickAt = new Promise((resolve) =>
      document.addEventListener('click', (event) => resolve(performance.timeOrigin + event.timeStamp), {
        once: true,
        capture: true,
      }),
    );
    marks.annieAnsweredAt = new Promise((resolve) =>
      new PerformanceObserver((list, observer) => {
        const login = list.getEntries().find((entry) => entry.name.endsWith('/api/login'));
        if (!login) return;
        observer.disconnect();
        resolve(performance.timeOrigin + (login as PerformanceResourceTiming).responseEnd);
      }).observe({ type: 'resource' }),
    );
  });
  const asked = Date.now();
  await page.getByRole('button', { name: 'Sign In' }).click();
  const [clicked, answered] = await page.evaluate(() => {
    const marks = window as unknown as { annieClickAt: Promise<number>; annieAnsweredAt: Promise<number> };
    return Promise.all([marks.annieClickAt, marks.annieAnsweredAt]);
  });
  const driverWait = Math.round(clicked - asked);
  const start = page.getByRole('button', { name: 'Start call' });
  await start.and(page.locator(':enabled')).waitFor({ timeout: 30_000 });
  const clickToStart = Math.round(Date.now() - clicked);
  // The app page's own clock: read in the page once the button is there (a frame after it painted).
  const pageNow = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => requestAnimationFrame(() => resolve(Math.round(performance.now())))),
    );
  const pageToStart = await pageNow();
  // What the first paint waited for: the page itself, its render-blocking stylesheet, then the paint.
  const paintPath = await page.evaluate(() => {
    const at = (entry: PerformanceEntry | undefined) =>
      entry ? Math.round((entry as PerformanceResourceTiming).responseEnd ?? entry.startTime) : -1;
    return {
      html: at(performance.getEntriesByType('navigation')[0]),
      css: at(performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/app/app.css'))),
      js: at(performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/app/app.js'))),
      fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1),
      origin: performance.timeOrigin,
    };
  });
  // The idle view is painted whole in the first contentful paint, its Start listening already (its script
  // runs before that paint): a press from then on is kept, though handled only once the main thread is
  // free, which is also when Playwright's check above can see it.
  const clickToPainted = Math.round(paintPath.origin + paintPath.fcp - clicked);
  const clickToAnswered = Math.round(answered - clicked);
  const answeredToReload = Math.round(paintPath.origin - answered);

  await page.locator('[data-boot-idle]').waitFor({ state: 'detached', timeout: 30_000 });
  const clickToMounted = Math.round(Date.now() - clicked);
  const pageToMounted = await pageNow();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return {
    driverWait,
    clickToAnswered,
    answeredToReload,
    clickToStart,
    pageToStart,
    clickToMounted,
    pageToMounted,
    clickToPainted,
    paintPath,
  };
}

/** The two lines printed for one timed sign-in. */
export function timingLines(label: string, timing: SignInTiming, targetMs: number): string[] {
  const path = timing.paintPath;
  return [
    `  ${label.padEnd(34)} Start painted and live ${timing.clickToPainted} ms  target <= ${targetMs} ms = sign-in answered ${timing.clickToAnswered} ms + notice and reload ${timing.answeredToReload} ms + app page to first contentful paint ${path.fcp} ms (response ${path.html} ms, app.css ${path.css} ms, app.js ${path.js < 0 ? 'not started yet: it starts after that paint' : `${path.js} ms`})`,
    `  ${''.padEnd(34)} seen enabled by Playwright ${timing.clickToStart} ms (navigation -> ${timing.pageToStart} ms); voice page mounted ${timing.clickToMounted} ms (navigation -> ${timing.pageToMounted} ms); Playwright's own wait before its click, not counted: ${timing.driverWait} ms`,
  ];
}
