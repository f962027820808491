// Debian's Chromium driven by Playwright, with the e2e suite's flags.
import { HEADLESS_CHROMIUM_FLAGS } from '@annie/e2e/chromium-flags.ts';
import { type Browser, chromium } from '@playwright/test';

export const CHROMIUM_FLAGS = HEADLESS_CHROMIUM_FLAGS;

/** A headless Chromium (CHROMIUM_PATH, else /usr/bin/chromium); `extraArgs` e.g. a fake microphone. */
export function launchChromium({ extraArgs = [] as string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, ...extraArgs],
  });
}
