// The docs check (`npm run lint` runs it): links in README.md and docs/ resolve, the files they name exist,
// the README/docs sections code comments cite exist, and `.env.example` and docs/configuration.md are what
// the config schema writes. Prints `file:line: problem` for each and exits 1 when there is any.
//   node scripts/check-docs.ts            check
//   node scripts/check-docs.ts --write    (npm run docs) rewrite .env.example and docs/configuration.md first
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTree, type Problem } from './docs/checks.ts';
import {
  CONFIG_DOC,
  configTables,
  configVariables,
  ENV_EXAMPLE,
  envExample,
  schemaDefaults,
  withConfigTables,
} from './docs/config-reference.ts';
import { commandLine } from './lib/cli-options.ts';
import { ROOT } from './lib/root.ts';

/** The first line where `actual` and `expected` differ (1-based). */
function firstDifference(actual: string, expected: string): number {
  const a = actual.split('\n');
  const b = expected.split('\n');
  const index = a.findIndex((line, i) => line !== b[i]);
  return (index < 0 ? Math.min(a.length, b.length) : index) + 1;
}

/** `.env.example` and docs/configuration.md against what the schema writes; with `write`, rewrites them. */
export function checkConfigDocs(root: string, write = false): Problem[] {
  const defaults = schemaDefaults();
  const problems: Problem[] = configVariables(defaults).problems.map((message) => ({
    file: 'scripts/docs/config-notes.ts',
    line: 1,
    message,
  }));
  const files = [
    { file: ENV_EXAMPLE, written: () => envExample(defaults) },
    { file: CONFIG_DOC, written: () => withConfigTables(read(root, CONFIG_DOC), configTables(defaults)) },
  ];
  for (const { file, written } of files) {
    let expected: string;
    try {
      expected = written();
    } catch (error) {
      problems.push({ file, line: 1, message: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const actual = read(root, file);
    if (actual === expected) continue;
    if (write) writeFileSync(join(root, file), expected);
    else
      problems.push({
        file,
        line: firstDifference(actual, expected),
        message:
          'not what the config schema writes: run `npm run docs` (edit api/src/config/env.ts or scripts/docs/config-notes.ts, not this file)',
      });
  }
  return problems;
}

function read(root: string, file: string): string {
  try {
    return readFileSync(join(root, file), 'utf8');
  } catch {
    return '';
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { write } = commandLine({
    usage: 'node scripts/check-docs.ts',
    about:
      'Checks that links in README.md and docs/ resolve, the files they name exist, cited README/docs sections exist, and the configuration docs match the schema.',
    options: {
      write: {
        type: 'boolean',
        help: 'first rewrite .env.example and docs/configuration.md from the schema',
      },
    },
  });
  const problems = [...checkConfigDocs(ROOT, write), ...checkTree(ROOT)];
  for (const problem of problems) console.error(`${problem.file}:${problem.line}: ${problem.message}`);
  if (problems.length > 0) {
    console.error(`\ndocs check: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('docs check: links, named files, cited sections and configuration docs agree');
}
