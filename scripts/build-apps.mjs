#!/usr/bin/env node
// The production build of the shell and every remote, two at a time (the machine has two cores): one
// definition for `npm start` and `npm run build` (scripts/annie.mjs, a line per app), and for `npm test`,
// the Docker image and the build-time benchmark, which run this file:
//   node scripts/build-apps.mjs [app folder...]   e.g. `node scripts/build-apps.mjs shell remotes/lab`
// Plain JavaScript on Node >= 20: scripts/annie.mjs imports it before any install.
// @ts-check
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChild } from './run-child.mjs';

/** How many apps build at once. */
export const CONCURRENCY = 2;

/**
 * The apps a production start builds: the shell and every remote with a package.json.
 * @param {string} root the repository root
 * @returns {{ label: string, dir: string }[]}
 */
export function apps(root) {
  const remotes = readdirSync(join(root, 'remotes'))
    .filter((name) => existsSync(join(root, 'remotes', name, 'package.json')))
    .sort();
  return [
    { label: 'shell', dir: 'shell' },
    ...remotes.map((name) => ({ label: `remote ${name}`, dir: `remotes/${name}` })),
  ];
}

/**
 * Builds `list` CONCURRENCY at a time; `step(label, args)` runs `pnpm <args>` for one app.
 * @param {{ label: string, dir: string }[]} list
 * @param {(label: string, args: string[]) => Promise<void>} step
 */
export async function buildApps(list, step) {
  const queue = [...list];
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      await step(`build ${app.label}`, ['--dir', app.dir, 'run', 'build']);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/**
 * The pnpm arguments of one run building `list` CONCURRENCY at a time, with pnpm's per-app output prefixes.
 * @param {{ dir: string }[]} list
 */
export function recursiveBuildArgs(list) {
  return [
    ...list.flatMap((app) => ['--filter', `./${app.dir}`]),
    `--workspace-concurrency=${CONCURRENCY}`,
    'run',
    'build',
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const all = apps(root);
  const wanted = process.argv.slice(2).map((dir) => dir.replace(/^\.\//, '').replace(/\/$/, ''));
  const unknown = wanted.filter((dir) => !all.some((app) => app.dir === dir));
  if (unknown.length > 0) {
    process.stderr.write(
      `[build] not an app: ${unknown.join(', ')}; choose from ${all.map((app) => app.dir).join(', ')}\n`,
    );
    process.exit(2);
  }
  const list = wanted.length > 0 ? all.filter((app) => wanted.includes(app.dir)) : all;
  const pnpm = process.env.ANNIE_PNPM ?? 'pnpm';
  process.exit(await runChild(pnpm, recursiveBuildArgs(list), { cwd: root }));
}
