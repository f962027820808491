#!/usr/bin/env node
// Cold production build times. Clears every app's dist/ and bundler caches, then times (1) each app built
// alone, one after another, and (2) the real build command: the shell and every remote, two at a time
// (the machine has 2 cores). Each step starts cold: caches and output are cleared before it.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { apps } from '../build-apps.mjs';
import { ROOT } from '../lib/root.ts';
import { benchOptions } from './benchmarks.ts';

benchOptions('build-time', {});
const APPS = apps(ROOT).map((app) => app.dir);

function clearOutputsAndCaches() {
  for (const app of APPS) {
    for (const dir of ['dist', '.rspack-cache', 'node_modules/.cache']) {
      rmSync(join(ROOT, app, dir), { recursive: true, force: true });
    }
  }
}

function timed(label: string, args: string[]): number {
  clearOutputsAndCaches();
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    throw new Error(`${label}: the build failed (exit ${result.status})`);
  }
  console.log(`  ${label.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s`);
  return seconds;
}

console.log('Cold production builds (dist/ and caches cleared before each line)');
let sum = 0;
for (const app of APPS) sum += timed(app, ['scripts/build-apps.mjs', app]);
console.log(`  ${'sum of the apps built one by one'.padEnd(44)} ${sum.toFixed(1).padStart(6)} s`);
timed('all apps, two at a time (the build command)', ['scripts/build-apps.mjs']);
