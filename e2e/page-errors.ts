import type { Browser, BrowserContext, ConsoleMessage, Page } from '@playwright/test';

/**
 * Every page error (an uncaught exception, a failed hydration) and every `console.error` of every page
 * a test opens, in any browser context it creates. A test that expects one (a request it makes fail on
 * purpose) declares it with `allow`; anything else fails the test when it ends.
 */
export class PageErrors {
  readonly #seen: string[] = [];
  readonly #allowed: RegExp[] = [];
  readonly #watched = new WeakSet<BrowserContext>();

  watch(context: BrowserContext): BrowserContext {
    if (this.#watched.has(context)) return context;
    this.#watched.add(context);
    for (const page of context.pages()) this.#watchPage(page);
    context.on('page', (page) => this.#watchPage(page));
    return context;
  }

  /** Makes every context `browser.newContext` opens until `restore` is called watched too. */
  watchNewContexts(browser: Browser): { restore: () => void } {
    const original = browser.newContext;
    browser.newContext = async (...args: Parameters<Browser['newContext']>) =>
      this.watch(await original.apply(browser, args));
    return {
      restore: () => {
        browser.newContext = original;
      },
    };
  }

  /** Declares an error this test causes on purpose (matched against "<kind> <url>: <text>"). */
  allow(pattern: RegExp): void {
    this.#allowed.push(pattern);
  }

  unexpected(): string[] {
    return this.#seen.filter((line) => !this.#allowed.some((pattern) => pattern.test(line)));
  }

  #watchPage(page: Page): void {
    page.on('pageerror', (error) => this.#seen.push(`pageerror ${page.url()}: ${error.message}`));
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() !== 'error') return;
      const where = message.location().url;
      this.#seen.push(`console.error ${page.url()}: ${message.text()}${where ? ` (${where})` : ''}`);
    });
  }
}
