import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The API project of vitest.config.ts, narrowed to one module's tests (named by scripts/mutation/run.ts).
const tests = (process.env.ANNIE_MUTATION_TESTS ?? '').split(',').filter(Boolean);
if (tests.length === 0)
  throw new Error('ANNIE_MUTATION_TESTS names no tests: run `npm run mutation -- <module>`');

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'mutation',
    environment: 'node',
    include: tests,
    globalSetup: ['./api/test/global-setup.ts'],
    env: { NO_PROXY: '127.0.0.1,localhost' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
