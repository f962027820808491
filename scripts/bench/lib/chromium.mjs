// Debian's Chromium driven by Playwright (resolved from the e2e package), with the flags this machine's
// closed network needs (without them it keeps dialling Google's hosts and its connections are refused).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './root.mjs';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium (CHROMIUM_PATH, else /usr/bin/chromium); `extraArgs` e.g. a fake microphone. */
export function launchChromium({ extraArgs = [] } = {}) {
  const { chromium } = createRequire(join(ROOT, 'e2e/package.json'))('@playwright/test');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, ...extraArgs],
  });
}
