// A vitest reporter that writes what failed, briefly, to a file `scripts/test-all.ts` prints again in its
// closing lines. The default reporter's own account is printed before the build and the e2e run, so a log
// that keeps only its tail (CI's) would otherwise lose it. It names a failed hook too: a beforeAll that
// throws fails its file while its tests only count as skipped, which the JSON report does not explain.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const MAX_LINES = 40;
const MESSAGE_LINES = 8;
const STACK_LINES = 3;

/** The error's message (a process's stderr may follow its first line) and its first frames in our code. */
interface ErrorLike {
  name?: string;
  message?: string;
  stack?: string;
}

function describeError(error: ErrorLike | undefined): string[] {
  const [first, ...more] = String(error?.message ?? error).split('\n');
  const message = more.filter((line) => line.trim()).slice(0, MESSAGE_LINES - 1);
  const stack = String(error?.stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at ') && !line.includes('/node_modules/'))
    .slice(0, STACK_LINES);
  return [
    `    ${error?.name ?? 'Error'}: ${first}`,
    ...message.map((line) => `      ${line.trim()}`),
    ...stack.map((line) => `      ${line}`),
  ];
}

export default class FailureDigest implements Reporter {
  readonly outputFile: string;

  constructor(options: { outputFile?: string } = {}) {
    this.outputFile = options.outputFile ?? '.data/reports/vitest-failures.txt';
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<ErrorLike>): void {
    const lines: string[] = [];
    for (const module of testModules) {
      if (module.state() !== 'failed') continue;
      lines.push(`  ${module.project.name}: ${module.relativeModuleId}`);
      for (const error of module.errors()) lines.push(...describeError(error));
      for (const suite of module.children.allSuites()) {
        for (const error of suite.errors())
          lines.push(`    in "${suite.fullName}":`, ...describeError(error));
      }
      for (const test of module.children.allTests('failed')) {
        lines.push(
          `    test "${test.fullName}":`,
          ...(test.result().errors ?? []).slice(0, 1).flatMap(describeError),
        );
      }
    }
    for (const error of unhandledErrors) lines.push('  unhandled error:', ...describeError(error));
    const kept = lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES), '  …'] : lines;
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, kept.length > 0 ? `${kept.join('\n')}\n` : '');
  }
}
