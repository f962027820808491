#!/usr/bin/env node
// The one entry point behind the README's commands. It must run on any Node >= 20 with only npm:
// when the local Node is older than 22.17 it provisions Node 24 (and pnpm 10) from the npm registry
// into .toolchain/ and re-runs itself there. Plain JavaScript on purpose: it runs before any install.
// Every step runs as a child that receives this process's SIGINT/SIGTERM and whose exit code becomes ours.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apps, buildApps } from './build-apps.mjs';
import { PreflightError, preflight } from './preflight.mjs';
import { runChild } from './run-child.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TOOLCHAIN = join(ROOT, '.toolchain');
const TOOL_BIN = join(TOOLCHAIN, 'node_modules', '.bin');
const NODE_SPEC = 'node@24';
const PNPM_SPEC = 'pnpm@10.34.8';
const [command = 'help', ...rest] = process.argv.slice(2);

function log(message) {
  process.stdout.write(`[annie] ${message}\n`);
}

function nodeIsRecentEnough() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 17);
}

function run(cmd, args, options = {}) {
  return runChild(cmd, args, { cwd: ROOT, env: process.env, ...options });
}

// The full output of the install and the builds goes to this file; the terminal gets one line a step.
const LOG_FILE = join(resolve(ROOT, process.env.DATA_DIR || '.data'), 'logs', 'start.log');

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/**
 * A step whose output goes to LOG_FILE: one line when it is done; on failure its whole output, then
 * the wrapper stops with its exit code.
 */
async function quietStep(label, cmd, args, options = {}) {
  mkdirSync(dirname(LOG_FILE), { recursive: true });
  const from = existsSync(LOG_FILE) ? statSync(LOG_FILE).size : 0;
  const fd = openSync(LOG_FILE, 'a');
  const started = performance.now();
  let status;
  try {
    status = await run(cmd, args, { ...options, stdio: ['ignore', fd, fd] });
  } finally {
    closeSync(fd);
  }
  if (status === 0) {
    log(`${label}: done in ${seconds(started)}`);
    return;
  }
  process.stderr.write(readFileSync(LOG_FILE).subarray(from));
  log(`${label} failed (exit ${status}); the output above is also in ${LOG_FILE}`);
  process.exit(status);
}

/** The checks that can fail before anything is installed (scripts/preflight.mjs), once per start. */
async function checkFirst({ install }) {
  if (process.env.ANNIE_PREFLIGHT_DONE) return;
  try {
    await preflight({ root: ROOT, env: process.env, install, sandbox: command === 'sandbox' });
  } catch (error) {
    if (!(error instanceof PreflightError)) throw error;
    process.stderr.write(`[annie] ${error.message}\n`);
    process.exit(1);
  }
  process.env.ANNIE_PREFLIGHT_DONE = '1';
  log(`full output of the install and the builds: ${LOG_FILE}`);
}

/** A step that must succeed: on failure (or a signal) the wrapper stops with the step's exit code. */
async function mustRun(cmd, args, options) {
  const status = await run(cmd, args, options);
  if (status !== 0) {
    log(`failed: ${cmd} ${args.join(' ')} (exit ${status})`);
    process.exit(status);
  }
}

/** The last step: the wrapper exits with whatever the child exits with. */
async function runLast(cmd, args, options) {
  process.exit(await run(cmd, args, options));
}

async function installToolchain(specs) {
  await quietStep(`toolchain (${specs.join(' ')} into .toolchain/ from the npm registry)`, 'npm', [
    'install',
    '--prefix',
    TOOLCHAIN,
    '--no-audit',
    '--no-fund',
    '--no-save',
    ...specs,
  ]);
}

async function reexecOnNode24() {
  if (!existsSync(join(TOOL_BIN, 'node'))) await installToolchain([NODE_SPEC, PNPM_SPEC]);
  const env = { ...process.env, PATH: `${TOOL_BIN}:${process.env.PATH}`, ANNIE_TOOLCHAIN: '1' };
  await runLast(join(TOOL_BIN, 'node'), [fileURLToPath(import.meta.url), command, ...rest], { env });
}

async function pnpm() {
  if (!existsSync(join(TOOL_BIN, 'pnpm'))) await installToolchain([PNPM_SPEC]);
  return join(TOOL_BIN, 'pnpm');
}

async function useToolchainPath() {
  process.env.PATH = `${TOOL_BIN}:${process.env.PATH}`;
  process.env.ANNIE_PNPM = await pnpm();
}

async function install({ quiet = false } = {}) {
  await useToolchainPath();
  const frozen = existsSync(join(ROOT, 'pnpm-lock.yaml')) && process.env.CI ? ['--frozen-lockfile'] : [];
  const args = ['install', '--prefer-offline', ...frozen];
  if (!quiet) return mustRun(await pnpm(), args);
  log(`Node ${process.versions.node}${process.env.ANNIE_TOOLCHAIN ? ' (.toolchain)' : ''}, ${PNPM_SPEC}`);
  await quietStep('install', await pnpm(), args);
}

/** Builds the shell and every remote (scripts/build-apps.mjs), one line each as it finishes. */
async function buildAll() {
  const pnpmBin = await pnpm();
  await buildApps(apps(ROOT), (label, args) => quietStep(label, pnpmBin, args));
}

async function startProduction(extraEnv = {}) {
  const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', ...extraEnv };
  if (process.env.ANNIE_PREFLIGHT_DONE) log('starting the database and the API');
  await runLast(process.execPath, ['api/src/main.ts', ...rest], { env });
}

const commands = {
  async start() {
    await checkFirst({ install: true });
    await install({ quiet: true });
    await buildAll();
    await startProduction();
  },
  async serve() {
    await checkFirst({ install: false });
    await useToolchainPath();
    await startProduction();
  },
  // The same production build and server, every provider simulated in-process; `npm run sandbox -- --seed`
  // adds the sample data.
  async sandbox() {
    await checkFirst({ install: true });
    await install({ quiet: true });
    await buildAll();
    await startProduction({ ANNIE_SANDBOX: 'true' });
  },
  async build() {
    await install();
    await buildAll();
  },
  async test() {
    await install();
    await runLast(process.execPath, ['scripts/test-all.ts', ...rest]);
  },
  async dev() {
    await install();
    await runLast(process.execPath, ['scripts/dev.ts', ...rest]);
  },
  async bench() {
    await install();
    await runLast(process.execPath, ['scripts/bench/run-all.ts', ...rest]);
  },
  async cli() {
    await install();
    await runLast(process.execPath, ['api/src/cli.ts', ...rest]);
  },
  help() {
    log(
      'usage: npm start | npm run sandbox [-- --seed] | npm test | npm run dev | npm run build | npm run bench | npm run annie -- <command>',
    );
  },
};

const STARTS = new Set(['start', 'sandbox', 'serve']);
if (!nodeIsRecentEnough()) {
  if (STARTS.has(command)) await checkFirst({ install: command !== 'serve' });
  await reexecOnNode24();
} else if (!commands[command]) {
  commands.help();
  process.exit(2);
} else await commands[command]();
