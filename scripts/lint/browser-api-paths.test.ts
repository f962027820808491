import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Browser code names no API path: it calls routes by their contracts (`callRoute`, `routeUrl`,
// `contract.path` for a query key), so a path is written once, in packages/contracts/src.
const ROOT = join(import.meta.dirname, '../..');
const SCANNED = ['shell/src', 'packages/api-client/src', 'packages/ui/src', ...remoteSources()];
const API_PATH = /['"`]\/api\//;
const EXEMPT = /(\.test\.tsx?|\.stories\.tsx)$|\/testing\/|\/contracts\//;

function remoteSources(): string[] {
  return readdirSync(join(ROOT, 'remotes')).map((remote) => `remotes/${remote}/src`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((file) => !EXEMPT.test(file) && !file.includes('node_modules'));
}

describe('API paths in browser code', () => {
  const naming = SCANNED.flatMap(sourceFiles).filter((file) =>
    API_PATH.test(readFileSync(join(ROOT, file), 'utf8')),
  );

  it('are written only in the route contracts', () => {
    expect(naming).toEqual([]);
  });
});
