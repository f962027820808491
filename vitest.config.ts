import { defineConfig } from 'vitest/config';

// One runner for every unit, component and API test; e2e runs separately in Playwright.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: [
            'packages/{ui,api-client,contracts,test-fixtures}/src/**/*.test.{ts,tsx}',
            'shell/src/**/*.test.{ts,tsx}',
            'remotes/*/src/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['./scripts/vitest-dom-setup.ts'],
          // Room for Testing Library's 5 s waits (set in the setup file) inside one test.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['api/src/**/*.test.ts', 'packages/{fakes,build-config}/src/**/*.test.ts'],
          globalSetup: ['./api/test/global-setup.ts'],
          // gaxios (Google's HTTP client) sends even loopback calls through HTTP(S)_PROXY otherwise.
          env: { NO_PROXY: '127.0.0.1,localhost' },
          testTimeout: 60_000, // CLI-spawning tests start several Node processes in a row
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scripts',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
        },
      },
    ],
  },
});
