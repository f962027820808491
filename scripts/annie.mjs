#!/usr/bin/env node
// The one entry point behind the README's commands. It must run on any Node >= 20 with only npm:
// when the local Node is older than 22.17 it provisions Node 24 (and pnpm 10) from the npm registry
// into .toolchain/ and re-runs itself there. Plain JavaScript on purpose: it runs before any install.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, env: process.env, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mustRun(cmd, args, options) {
  const status = run(cmd, args, options);
  if (status !== 0) {
    log(`failed: ${cmd} ${args.join(' ')} (exit ${status})`);
    process.exit(status);
  }
}

function installToolchain(specs) {
  log(`installing ${specs.join(' ')} into .toolchain/ from the npm registry`);
  mustRun('npm', ['install', '--prefix', TOOLCHAIN, '--no-audit', '--no-fund', '--no-save', ...specs]);
}

function reexecOnNode24() {
  if (!existsSync(join(TOOL_BIN, 'node'))) installToolchain([NODE_SPEC, PNPM_SPEC]);
  const env = { ...process.env, PATH: `${TOOL_BIN}:${process.env.PATH}`, ANNIE_TOOLCHAIN: '1' };
  const child = spawnSync(join(TOOL_BIN, 'node'), [fileURLToPath(import.meta.url), command, ...rest], {
    stdio: 'inherit',
    env,
  });
  process.exit(child.status ?? 1);
}

function pnpm() {
  if (!existsSync(join(TOOL_BIN, 'pnpm'))) installToolchain([PNPM_SPEC]);
  return join(TOOL_BIN, 'pnpm');
}

function useToolchainPath() {
  process.env.PATH = `${TOOL_BIN}:${process.env.PATH}`;
  process.env.ANNIE_PNPM = pnpm();
}

function install() {
  useToolchainPath();
  const frozen = existsSync(join(ROOT, 'pnpm-lock.yaml')) && process.env.CI ? ['--frozen-lockfile'] : [];
  mustRun(pnpm(), ['install', '--prefer-offline', ...frozen]);
}

function buildApps() {
  mustRun(pnpm(), [
    '--filter',
    './shell',
    '--filter',
    './remotes/*',
    '--workspace-concurrency=2',
    'run',
    'build',
  ]);
}

function startProduction() {
  const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
  const child = spawn(process.execPath, ['api/src/main.ts', ...rest], { stdio: 'inherit', cwd: ROOT, env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

const commands = {
  start() {
    install();
    buildApps();
    startProduction();
  },
  serve() {
    useToolchainPath();
    startProduction();
  },
  build() {
    install();
    buildApps();
  },
  test() {
    install();
    mustRun(process.execPath, ['scripts/test-all.mjs', ...rest]);
  },
  dev() {
    install();
    mustRun(process.execPath, ['scripts/dev.mjs', ...rest]);
  },
  bench() {
    install();
    mustRun(process.execPath, ['scripts/bench/run-all.mjs', ...rest]);
  },
  cli() {
    install();
    mustRun(process.execPath, ['api/src/cli.ts', ...rest]);
  },
  help() {
    log(
      'usage: npm start | npm test | npm run dev | npm run build | npm run bench | npm run annie -- <command>',
    );
  },
};

if (!nodeIsRecentEnough()) reexecOnNode24();
else if (!commands[command]) {
  commands.help();
  process.exit(2);
} else commands[command]();
