import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The API project of vitest.config.ts, narrowed to one module's tests (named by scripts/mutation/run.ts).
const tests = (process.env.ANNIE_MUTATION_TESTS ?? '').split(',').filter(Boolean);
const skipped = (process.env.ANNIE_MUTATION_SKIP ?? '').split(',').filter(Boolean);
const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
    // Instrumented code with per-test coverage, on a machine shared by many: far slower than a plain run.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    ...(skipped.length > 0
      ? { testNamePattern: new RegExp(`^(?!.*(${skipped.map(escapeRegExp).join('|')}))`) }
      : {}),
  },
});
