#!/usr/bin/env node
// The one entry point behind the README's commands. It must run on any Node >= 20 with only npm:
// when the local Node is older than 22.17 it provisions Node 24 (and pnpm 10) from the npm registry
// into .toolchain/ and re-runs itself there. Plain JavaScript on purpose: it runs before any install.
// Every step runs as a child that receives this process's SIGINT/SIGTERM and whose exit code becomes ours.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  log(`installing ${specs.join(' ')} into .toolchain/ from the npm registry`);
  await mustRun('npm', ['install', '--prefix', TOOLCHAIN, '--no-audit', '--no-fund', '--no-save', ...specs]);
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

async function install() {
  await useToolchainPath();
  const frozen = existsSync(join(ROOT, 'pnpm-lock.yaml')) && process.env.CI ? ['--frozen-lockfile'] : [];
  await mustRun(await pnpm(), ['install', '--prefer-offline', ...frozen]);
}

async function buildApps() {
  await mustRun(await pnpm(), [
    '--filter',
    './shell',
    '--filter',
    './remotes/*',
    '--workspace-concurrency=2',
    'run',
    'build',
  ]);
}

async function startProduction(extraEnv = {}) {
  const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', ...extraEnv };
  await runLast(process.execPath, ['api/src/main.ts', ...rest], { env });
}

const commands = {
  async start() {
    await install();
    await buildApps();
    await startProduction();
  },
  async serve() {
    await useToolchainPath();
    await startProduction();
  },
  // The same production build and server, every provider simulated in-process (README "Try everything
  // in the sandbox"); `npm run sandbox -- --seed` adds the sample data.
  async sandbox() {
    await install();
    await buildApps();
    await startProduction({ ANNIE_SANDBOX: 'true' });
  },
  async build() {
    await install();
    await buildApps();
  },
  async test() {
    await install();
    await runLast(process.execPath, ['scripts/test-all.mjs', ...rest]);
  },
  async dev() {
    await install();
    await runLast(process.execPath, ['scripts/dev.mjs', ...rest]);
  },
  async bench() {
    await install();
    await runLast(process.execPath, ['scripts/bench/run-all.mjs', ...rest]);
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

if (!nodeIsRecentEnough()) await reexecOnNode24();
else if (!commands[command]) {
  commands.help();
  process.exit(2);
} else await commands[command]();
