#!/usr/bin/env node
// Splits @annie/api-client by what each file is (issue 52, item 1) and rewrites every import of a moved
// file. Idempotent: a second run moves what still sits at an old path (a file another branch added there)
// and rewrites imports that still name an old path, and changes nothing else. Run from anywhere:
//   node scripts/one-off/split-api-client.mjs
// then `pnpm install` (package.json dependencies change) and `npx biome check --write` on what it touched.
//
// Where things go:
// - packages/api-client/src/contracts/*  → packages/contracts/src/*        (@annie/contracts/<name>)
// - packages/api-client/src/testing/*    → packages/test-fixtures/src/*   (@annie/test-fixtures/<name>)
// - the voice runtime and the hooks only the voice remote uses → remotes/voice/src/{lib/voice-tools,api,testing}
// - the hooks only the shell uses → shell/src/api
// - the rest (callRoute, http, query client, hooks two apps share) stays in @annie/api-client.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
const OLD = 'packages/api-client/src/';

/** [old path or folder (ending in /), new path or folder]; the first that matches wins. */
const MOVES = [
  [`${OLD}contracts/`, 'packages/contracts/src/'],
  [`${OLD}testing/voice-tools.ts`, 'remotes/voice/src/testing/voice-tools.ts'],
  [`${OLD}testing/`, 'packages/test-fixtures/src/'],
  // The voice runtime: the browser call's tool dispatcher and what only it calls.
  [`${OLD}voice-tools/`, 'remotes/voice/src/lib/voice-tools/'],
  [`${OLD}workspace/run-workspace-tool.ts`, 'remotes/voice/src/lib/voice-tools/run-workspace-tool.ts'],
  [
    `${OLD}workspace/run-workspace-tool.test.ts`,
    'remotes/voice/src/lib/voice-tools/run-workspace-tool.test.ts',
  ],
  [`${OLD}knowledge/search-knowledge.ts`, 'remotes/voice/src/api/search-knowledge.ts'],
  [`${OLD}knowledge/search-knowledge.test.ts`, 'remotes/voice/src/api/search-knowledge.test.ts'],
  // Used by the voice remote only.
  [`${OLD}calls/use-call-mutations.ts`, 'remotes/voice/src/api/end-call.ts'],
  [`${OLD}conversations/record-conversation.ts`, 'remotes/voice/src/api/record-conversation.ts'],
  [`${OLD}realtime/`, 'remotes/voice/src/api/'],
  [`${OLD}voice-profiles/get-ai-session-config.ts`, 'remotes/voice/src/api/get-ai-session-config.ts'],
  // Used by the shell only.
  [`${OLD}auth/sign-in.ts`, 'shell/src/api/sign-in.ts'],
  [`${OLD}auth/sign-in.test.ts`, 'shell/src/api/sign-in.test.ts'],
  [`${OLD}auth/use-logout.ts`, 'shell/src/api/use-logout.ts'],
  [`${OLD}auth/use-logout.test.tsx`, 'shell/src/api/use-logout.test.tsx'],
  [`${OLD}remote-releases/`, 'shell/src/api/'],
  [`${OLD}sandbox/`, 'shell/src/api/'],
  [`${OLD}trust/use-phone-access.ts`, 'shell/src/api/use-phone-access.ts'],
];

/** Where a file at `path` (an old or a current path) lives after the split. */
function moved(path) {
  for (const [from, to] of MOVES) {
    if (from.endsWith('/') ? path.startsWith(from) : path === from) return to + path.slice(from.length);
  }
  return path;
}

/** Workspace packages: folder → name, and how a file of it is imported from another package. */
const PACKAGES = {
  'packages/contracts': { name: '@annie/contracts', specifier: (p) => strip(p, 'src/') },
  'packages/test-fixtures': { name: '@annie/test-fixtures', specifier: (p) => strip(p, 'src/') },
  'packages/api-client': { name: '@annie/api-client', specifier: (p) => strip(p, 'src/') },
  // A remote has no exports map: scripts import its source by path, like @annie/api/src/….
  'remotes/voice': { name: '@annie/remote-voice', specifier: (p) => p },
};

function strip(path, prefix) {
  if (!path.startsWith(prefix)) throw new Error(`${path} is outside ${prefix}`);
  return path.slice(prefix.length).replace(/\.tsx?$/, '');
}

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
const files = () =>
  git('ls-files', '-co', '--exclude-standard')
    .split('\n')
    .filter((f) => f && existsSync(join(ROOT, f)));

/** The package folder holding `path`: packages/<x>, remotes/<x>, or a top-level workspace (api, shell, …). */
function packageRoot(path) {
  const parts = path.split('/');
  if (parts[0] === 'packages' || parts[0] === 'remotes') return parts.slice(0, 2).join('/');
  return parts.length > 1 ? parts[0] : '';
}

// 1. Move files (git mv keeps history).
const moves = new Map(); // new path → old path, for files moved in this run
for (const file of files()) {
  const target = moved(file);
  if (target === file) continue;
  if (existsSync(join(ROOT, target))) throw new Error(`${file} → ${target}: the target exists`);
  mkdirSync(dirname(join(ROOT, target)), { recursive: true });
  const tracked = git('ls-files', file).trim() !== '';
  if (tracked) git('mv', file, target);
  else execFileSync('mv', [file, target], { cwd: ROOT });
  moves.set(target, file);
}

// Folders the moves emptied.
for (const dir of readdirSync(join(ROOT, OLD), { withFileTypes: true })) {
  const path = join(dir.parentPath, dir.name);
  if (dir.isDirectory() && readdirSync(path).length === 0) rmdirSync(path);
}

// 2. Rewrite module specifiers in every source file.
const SPECIFIER =
  /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|importActual)(?:<[^>]*>)?\(\s*|\brequire\(\s*)(['"])([^'"\n]+)\2/g;

/** The file a specifier of `@annie/api-client/<sub>` named before the split, if any. */
function oldApiClientFile(sub) {
  for (const ext of ['.ts', '.tsx']) {
    const old = `${OLD}${sub}${ext}`;
    if (existsSync(join(ROOT, moved(old)))) return old;
  }
  return undefined;
}

const problems = [];

function rewriteSpecifier(file, oldFile, specifier) {
  let target;
  // A relative import that already crossed a package root (e2e → packages/…) stays relative.
  let relativeStyle = false;
  if (specifier.startsWith('@annie/api-client/')) {
    const old = oldApiClientFile(specifier.slice('@annie/api-client/'.length));
    if (!old) return specifier;
    target = moved(old);
    if (target === old && packageRoot(file) !== 'packages/api-client') return specifier;
  } else if (specifier.startsWith('.')) {
    const resolved = posix.normalize(posix.join(posix.dirname(oldFile), specifier));
    relativeStyle = packageRoot(resolved) !== packageRoot(oldFile);
    target = moved(resolved);
    if (target === resolved && file === oldFile) return specifier; // neither end moved
  } else {
    return specifier;
  }
  const from = packageRoot(file);
  const to = packageRoot(target);
  if (relativeStyle || from === to) {
    const path = posix.relative(posix.dirname(file), target);
    return path.startsWith('.') ? path : `./${path}`;
  }
  const pkg = PACKAGES[to];
  if (!pkg) {
    // A file that another app alone used to import (a remote importing a shell-only hook): left as it is.
    problems.push(`${file}: imports ${target} (${specifier}), which only ${to} may import now`);
    return specifier;
  }
  return `${pkg.name}/${pkg.specifier(target.slice(to.length + 1))}`;
}

const SOURCE = /\.(ts|tsx|mts|mjs|cjs|js)$/;
const SELF = 'scripts/one-off/split-api-client.mjs';
const touched = new Set();
for (const file of files()) {
  if (!SOURCE.test(file) || file === SELF || file.includes('/node_modules/')) continue;
  const oldFile = moves.get(file) ?? file;
  const text = readFileSync(join(ROOT, file), 'utf8');
  const next = text.replace(SPECIFIER, (whole, lead, quote, specifier) => {
    const rewritten = rewriteSpecifier(file, oldFile, specifier);
    return rewritten === specifier ? whole : `${lead}${quote}${rewritten}${quote}`;
  });
  if (next !== text) {
    writeFileSync(join(ROOT, file), next);
    touched.add(file);
  }
}

// 3. Paths named in prose (docs, comments, configs): a moved file's old path becomes its new one.
const PROSE = /\.(ts|tsx|mjs|cjs|js|md|json|ya?ml)$|(^|\/)Dockerfile$/;
for (const file of files()) {
  if (!PROSE.test(file) || file === SELF || file === 'pnpm-lock.yaml') continue;
  const text = readFileSync(join(ROOT, file), 'utf8');
  const next = text
    .replace(/packages\/api-client\/src\/[\w/.-]*\.tsx?\b/g, (path) => moved(path))
    .split(`${OLD}contracts/`)
    .join('packages/contracts/src/')
    .split(`${OLD}testing/`)
    .join('packages/test-fixtures/src/')
    .split('@annie/api-client/contracts/')
    .join('@annie/contracts/')
    .split('@annie/api-client/testing/')
    .join('@annie/test-fixtures/');
  if (next !== text) {
    writeFileSync(join(ROOT, file), next);
    touched.add(file);
  }
}

// 4. The new packages' manifests, and api-client's exports (every non-test module it still holds).
function writeJson(path, value) {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  const full = join(ROOT, path);
  if (existsSync(full) && readFileSync(full, 'utf8') === text) return;
  writeFileSync(full, text);
  touched.add(path);
}
const readJson = (path) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

function modules(root) {
  return files()
    .filter((f) => f.startsWith(`${root}/src/`) && /\.tsx?$/.test(f) && !/\.(test|d)\.tsx?$/.test(f))
    .map((f) => f.slice(root.length + 1))
    .sort();
}
const exportsOf = (root) =>
  Object.fromEntries(
    modules(root).map((f) => [`./${f.slice('src/'.length).replace(/\.tsx?$/, '')}`, `./${f}`]),
  );

const tsconfig = { extends: '../../tsconfig.base.json', include: ['src'] };
for (const root of ['packages/contracts', 'packages/test-fixtures']) {
  if (!existsSync(join(ROOT, `${root}/tsconfig.json`))) writeJson(`${root}/tsconfig.json`, tsconfig);
}
const clientManifest = readJson('packages/api-client/package.json');
/** A new package's manifest: written once, then only its exports are kept current. */
function newManifest(path, fresh) {
  const full = join(ROOT, path);
  writeJson(path, existsSync(full) ? { ...readJson(path), exports: fresh.exports } : fresh);
}
newManifest('packages/contracts/package.json', {
  name: '@annie/contracts',
  private: true,
  type: 'module',
  exports: { './*': './src/*.ts' },
  scripts: { typecheck: 'tsc --noEmit' },
  dependencies: { zod: 'catalog:' },
  devDependencies: {
    ajv: clientManifest.devDependencies?.ajv ?? '8.20.0',
    typescript: 'catalog:',
    vitest: 'catalog:',
  },
});
newManifest('packages/test-fixtures/package.json', {
  name: '@annie/test-fixtures',
  private: true,
  type: 'module',
  exports: exportsOf('packages/test-fixtures'),
  scripts: { typecheck: 'tsc --noEmit' },
  peerDependencies: { '@tanstack/react-query': 'catalog:', react: 'catalog:', vitest: 'catalog:' },
  devDependencies: {
    '@tanstack/react-query': 'catalog:',
    '@types/react': 'catalog:',
    react: 'catalog:',
    typescript: 'catalog:',
    vitest: 'catalog:',
  },
});
const { ajv: _ajv, ...clientDev } = clientManifest.devDependencies ?? {};
writeJson('packages/api-client/package.json', {
  ...clientManifest,
  exports: exportsOf('packages/api-client'),
  devDependencies: clientDev,
});

// 5. Every workspace package depends on exactly the @annie packages of this split that its files import.
const WORKSPACE_MANIFESTS = files().filter(
  (f) => /(^|\/)package\.json$/.test(f) && f !== 'package.json' && !f.includes('node_modules'),
);
const SPLIT = ['@annie/contracts', '@annie/test-fixtures', '@annie/api-client', '@annie/remote-voice'];
for (const manifestPath of WORKSPACE_MANIFESTS) {
  const root = dirname(manifestPath);
  const manifest = readJson(manifestPath);
  const sources = files().filter(
    (f) => f.startsWith(`${root}/`) && SOURCE.test(f) && !f.includes('node_modules'),
  );
  const imported = new Set();
  const onlyInTests = new Map();
  for (const source of sources) {
    const text = readFileSync(join(ROOT, source), 'utf8');
    const test = /\.test\.tsx?$|(^|\/)testing\//.test(source) || root === 'scripts' || root === 'e2e';
    for (const [, , , specifier] of text.matchAll(SPECIFIER)) {
      const name = SPLIT.find((n) => specifier === n || specifier.startsWith(`${n}/`));
      if (!name || name === manifest.name) continue;
      imported.add(name);
      onlyInTests.set(name, (onlyInTests.get(name) ?? true) && test);
    }
  }
  let changed = false;
  for (const name of SPLIT) {
    const inDeps = manifest.dependencies?.[name] !== undefined;
    const inDev = manifest.devDependencies?.[name] !== undefined;
    if (!imported.has(name)) {
      if (inDeps) delete manifest.dependencies[name];
      if (inDev) delete manifest.devDependencies[name];
      changed ||= inDeps || inDev;
      continue;
    }
    if (inDeps || inDev) continue;
    // devDependencies for what only tests (and scripts) import.
    const field =
      onlyInTests.get(name) || name === '@annie/test-fixtures' ? 'devDependencies' : 'dependencies';
    manifest[field] = Object.fromEntries(
      Object.entries({ ...manifest[field], [name]: 'workspace:*' }).sort(([a], [b]) => a.localeCompare(b)),
    );
    changed = true;
  }
  if (changed) {
    for (const field of ['dependencies', 'devDependencies']) {
      if (manifest[field] && Object.keys(manifest[field]).length === 0) delete manifest[field];
    }
    writeJson(manifestPath, manifest);
  }
}

console.log(`moved ${moves.size} files, rewrote ${touched.size}`);
for (const file of [...touched].sort()) console.log(`  ${file}`);
console.log('next: pnpm install, then npx biome check --write on the files above');
if (problems.length > 0) {
  console.error(`left as they were, to be decided by hand:\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
}
