// Every check the project has, in order of cost: lint, types, unit/component/API tests (vitest, real
// PostgreSQL), the production build of every app, then e2e in Debian's Chromium. Run through
// `npm test`, which provisions the toolchain first. Prints one closing line: "N passed, N failed".
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runChild } from './run-child.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REPORTS = join(ROOT, '.data/reports');
const PNPM = process.env.ANNIE_PNPM ?? 'pnpm';
const { values: options } = parseArgs({
  options: { 'no-e2e': { type: 'boolean', default: false } },
  strict: true,
});
const skipE2e = options['no-e2e'];
mkdirSync(REPORTS, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];

// A signal (Ctrl-C, `kill`) reaches the running step; the steps after it are not started.
async function step(
  name: string,
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<boolean> {
  process.stdout.write(`\n[annie test] ${name}\n`);
  const started = Date.now();
  const status = await runChild(cmd, args, { cwd: ROOT, env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = status === 0;
  process.stdout.write(`[annie test] ${name}: ${ok ? 'ok' : `FAILED (exit ${status})`} in ${seconds}s\n`);
  if (status > 128) process.exit(status);
  if (!ok) failures.push(name);
  return ok;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
}

interface PlaywrightReport {
  stats?: { expected?: number; flaky?: number; unexpected?: number; skipped?: number };
}

function countVitest(report: VitestReport | undefined): void {
  if (!report) return;
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(report: PlaywrightReport | undefined): void {
  if (!report?.stats) return;
  totals.passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
  totals.failed += report.stats.unexpected ?? 0;
  totals.skipped += report.stats.skipped ?? 0;
}

// Biome, then the boundaries of the API's modules, the shell, the remotes and the packages
// (dependency-cruiser), both from the root `lint` script.
await step('lint (biome, module boundaries)', PNPM, ['run', 'lint']);
await step('typecheck', PNPM, ['-r', '--workspace-concurrency=2', 'run', 'typecheck']);

const vitestReport = join(REPORTS, 'vitest.json');
const vitestFailures = join(REPORTS, 'vitest-failures.txt');
rmSync(vitestFailures, { force: true });
await step('unit, component and API tests (vitest)', PNPM, [
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
  '--reporter=./scripts/vitest-failure-digest.ts',
]);
countVitest(readJson(vitestReport) as VitestReport | undefined);

const built = await step('production build of the shell and every remote', process.execPath, [
  'scripts/build-apps.mjs',
]);

if (skipE2e) {
  process.stdout.write('[annie test] e2e skipped (--no-e2e)\n');
} else if (!built) {
  failures.push('e2e (not run: the build failed)');
} else if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  failures.push('e2e (no Chromium at /usr/bin/chromium: `apt-get install chromium`, or set CHROMIUM_PATH)');
} else {
  const playwrightReport = join(REPORTS, 'playwright.json');
  await step(
    'end-to-end tests in Chromium (playwright)',
    PNPM,
    ['--filter', '@annie/e2e', 'exec', 'playwright', 'test', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    },
  );
  countPlaywright(readJson(playwrightReport) as PlaywrightReport | undefined);
}

process.stdout.write('\n');
if (failures.length > 0) process.stdout.write(`[annie test] failed steps: ${failures.join('; ')}\n`);
// What failed in vitest, again: its own account scrolled away behind the build and e2e output.
const vitestDigest = existsSync(vitestFailures) ? readFileSync(vitestFailures, 'utf8') : '';
if (vitestDigest) process.stdout.write(`[annie test] vitest failures:\n${vitestDigest}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}\n`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
