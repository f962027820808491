import { defineConfig } from '@playwright/test';
import { HEADLESS_CHROMIUM_FLAGS } from './chromium-flags.ts';
import { E2E_BASE_URL, E2E_PORT, FAKE_MICROPHONE_WAV, SANDBOX_E2E_BASE_URL } from './e2e-env.ts';

// Debian's Chromium: Playwright's own browser download cannot work on these machines.
const CHROMIUM_FLAGS = [
  ...HEADLESS_CHROMIUM_FLAGS,
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  // The microphone plays this file once (silence, then a question) instead of the fake device's beeps.
  `--use-file-for-fake-audio-capture=${FAKE_MICROPHONE_WAV}%noloop`,
  // The Voice Console's test panel plays the assistant's audio as soon as it arrives.
  '--autoplay-policy=no-user-gesture-required',
];

// A run of other spec files only (`playwright test knowledge.spec.ts`) does not start the sandbox's server;
// the sandbox's spec files are sandbox.spec.ts and sandbox-*.spec.ts.
const specFiles = process.argv.filter((arg) => !arg.startsWith('-') && arg.endsWith('.spec.ts'));
const SANDBOX_SPEC = /(^|\/)sandbox(-[a-z-]+)?\.spec\.ts$/;
const runsSandbox = specFiles.length === 0 || specFiles.some((file) => SANDBOX_SPEC.test(file));

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: `../.data/e2e-results-${E2E_PORT}`,
  // sandbox.spec.ts runs against its own server, started as `npm run sandbox -- --seed` starts it.
  projects: [
    { name: 'product', testIgnore: SANDBOX_SPEC },
    { name: 'sandbox', testMatch: SANDBOX_SPEC, use: { baseURL: SANDBOX_E2E_BASE_URL } },
  ],
  webServer: runsSandbox
    ? {
        command: `"${process.execPath}" sandbox-server.ts`,
        url: `${SANDBOX_E2E_BASE_URL}/readyz`,
        timeout: 90_000,
        reuseExistingServer: false,
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
        stdout: 'ignore',
        stderr: 'pipe',
      }
    : undefined,
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
