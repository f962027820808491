import { readdir, rm } from 'node:fs/promises';
import { relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Stryker } from '@stryker-mutator/core';
import { MUTATION_MODULES } from './mutation-modules.ts';

// `npm run mutation -- <module>`: mutates one module's source with StrykerJS and runs its tests against
// each mutant, then prints the score and every mutant that survived. Slow by nature, so not in CI.
type MutantResult = Awaited<ReturnType<Stryker['runMutationTest']>>[number];

// `-- <module> [--files a,b] [--tests glob,glob]`: --files keeps the module's source files whose path
// contains one of the words (a part of a large module, which would take hours on two cores whole);
// --tests runs these test files instead of the module's list; --skip leaves out the tests whose name
// contains one of the words (a test of minutes, which every covered mutant would run again).
const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { files: { type: 'string' }, tests: { type: 'string' }, skip: { type: 'string' } },
});
const name = positionals[0];
const chosen = name ? MUTATION_MODULES[name] : undefined;
if (!chosen) {
  console.error(
    `Usage: npm run mutation -- <module> [--files word,word] [--tests glob,glob]\nModules: ${Object.keys(MUTATION_MODULES).join(', ')}`,
  );
  process.exit(2);
}
const words = options.files?.split(',').filter(Boolean) ?? [];
const module = {
  mutate:
    words.length === 0
      ? chosen.mutate
      : chosen.mutate.filter((glob) => glob.startsWith('!') || words.some((word) => glob.includes(word))),
  tests: options.tests?.split(',').filter(Boolean) ?? chosen.tests,
};
if (words.length > 0 && module.mutate.every((glob) => glob.startsWith('!'))) {
  // A folder module (sourceOf): its glob holds no file name, so name the files inside it.
  module.mutate = [
    ...chosen.mutate
      // Only the folder globs: a file the module names outright (backups' db files) is not one of the words.
      .filter((glob) => !glob.startsWith('!') && glob.endsWith('**/*.ts'))
      .flatMap((glob) => words.map((word) => glob.replace('**/*.ts', `**/*${word}*.ts`))),
    ...chosen.mutate.filter((glob) => glob.startsWith('!')),
  ];
}
process.env.ANNIE_MUTATION_TESTS = module.tests.join(',');
if (options.skip) process.env.ANNIE_MUTATION_SKIP = options.skip;
const concurrency = Number(process.env.MUTATION_CONCURRENCY ?? 1);

const started = performance.now();
const results = await new Stryker({
  testRunner: 'vitest',
  // Named by path: under pnpm, Stryker cannot find its plugins from where it is installed.
  plugins: [import.meta.resolve('@stryker-mutator/vitest-runner')],
  vitest: { configFile: 'scripts/mutation/vitest.mutation.config.ts', related: false, pool: 'forks' },
  mutate: module.mutate,
  coverageAnalysis: 'perTest',
  // The API tests need the repository's node_modules folders in every package: mutate in place
  // (Stryker puts each file back when it ends; `git status` shows it did).
  inPlace: true,
  // Vitest does not type-check, so no `// @ts-nocheck` need be written into every file of the tree.
  disableTypeChecks: false,
  tempDirName: 'node_modules/.stryker-tmp',
  concurrency,
  timeoutMS: 30_000,
  // The first run, with coverage, of every listed test file: far over Stryker's 5 minutes on a busy machine.
  dryRunTimeoutMinutes: 60,
  reporters: ['progress', 'json'],
  jsonReporter: { fileName: `node_modules/.cache/mutation/${name}.json` },
  cleanTempDir: 'always',
}).runMutationTest();
const minutes = (performance.now() - started) / 60_000;
// The vitest runner leaves its setup file in the working folder.
for (const file of await readdir('.')) {
  if (/^stryker-setup-\d+\.js$/.test(file)) await rm(file);
}

const count = (...statuses: MutantResult['status'][]) =>
  results.filter((result) => statuses.includes(result.status)).length;
const detected = count('Killed', 'Timeout');
const undetected = count('Survived', 'NoCoverage');
const score = detected + undetected === 0 ? 100 : (detected / (detected + undetected)) * 100;
console.log(
  `\nMutation score for ${name}: ${score.toFixed(1)} % (${detected} killed of ${detected + undetected};`,
);
console.log(
  `  ${count('Survived')} survived, ${count('NoCoverage')} not covered, ${count('CompileError', 'RuntimeError')} errors) in ${minutes.toFixed(1)} min at concurrency ${concurrency}`,
);
const survivors = results
  .filter((result) => result.status === 'Survived' || result.status === 'NoCoverage')
  .sort((a, b) => a.fileName.localeCompare(b.fileName) || a.location.start.line - b.location.start.line);
for (const mutant of survivors) {
  const where = `${relative(process.cwd(), mutant.fileName)}:${mutant.location.start.line}:${mutant.location.start.column}`;
  const replacement = (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 100);
  console.log(
    `  ${mutant.status === 'NoCoverage' ? 'no test reaches' : 'survived'} ${where} ${mutant.mutatorName}: ${replacement}`,
  );
}
