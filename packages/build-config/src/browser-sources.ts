import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** The repository's root. */
export const REPOSITORY_ROOT = join(import.meta.dirname, '../../..');

// Every folder whose code runs in the browser builds (tests and test kits run on the real packages).
const BROWSER_SOURCES = [
  'shell/src',
  'remotes',
  'packages/ui/src',
  'packages/api-client/src',
  'packages/contracts/src',
];

/**
 * Every TypeScript source that the browser builds compile, parsed (syntax only, no type check), with its
 * path relative to the repository: for the checks that hold build-time subsets (the shared surfaces, the
 * colour palette) to what the code uses.
 */
export function browserSources(): { path: string; source: ts.SourceFile }[] {
  return BROWSER_SOURCES.flatMap((dir) =>
    readdirSync(join(REPOSITORY_ROOT, dir), { withFileTypes: true, recursive: true })
      .filter(
        (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name),
      )
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((file) => !/[\\/](node_modules|dist|testing)[\\/]/.test(file))
      .map((file) => ({
        path: relative(REPOSITORY_ROOT, file),
        source: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
      })),
  );
}
