import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Browser code names no API path: it calls routes by their contracts (`callRoute`, `routeUrl`,
// `contract.path` for a query key), so a path is written once, in packages/api-client/src/contracts.
const ROOT = join(import.meta.dirname, '../..');
const SCANNED = ['shell/src', 'packages/api-client/src', 'packages/ui/src', ...remoteSources()];
const API_PATH = /['"`]\/api\//;
const EXEMPT = /(\.test\.tsx?|\.stories\.tsx)$|\/testing\/|\/contracts\//;

/**
 * Files not yet moved to contracts. The list may only shrink: a file that no longer names a path must
 * leave it, and no new file may join it.
 */
const NOT_YET_ON_CONTRACTS = new Set([
  'packages/api-client/src/voice-tools/run-voice-tool.ts',
  'shell/src/boot/federated-app.ts',
  'shell/src/remotes/start-fetching.ts',
]);

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
    expect(naming.filter((file) => !NOT_YET_ON_CONTRACTS.has(file))).toEqual([]);
  });

  it('leaves the list of files not yet on contracts as they move', () => {
    expect([...NOT_YET_ON_CONTRACTS].filter((file) => !naming.includes(file))).toEqual([]);
  });
});
