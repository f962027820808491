// Debian's Chromium driven by Playwright (resolved from the e2e package), with the e2e suite's flags.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { HEADLESS_CHROMIUM_FLAGS } from '../../../e2e/chromium-flags.ts';
import { ROOT } from './root.mjs';

export const CHROMIUM_FLAGS = HEADLESS_CHROMIUM_FLAGS;

/** A headless Chromium (CHROMIUM_PATH, else /usr/bin/chromium); `extraArgs` e.g. a fake microphone. */
export function launchChromium({ extraArgs = [] } = {}) {
  const { chromium } = createRequire(join(ROOT, 'e2e/package.json'))('@playwright/test');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, ...extraArgs],
  });
}
