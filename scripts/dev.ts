#!/usr/bin/env node
// Development: the API (node --watch) on its dev port, the shell's rspack dev server, and one rspack dev
// server per remote, all with live reload. Open the shell's URL; it proxies /api to the API (same origin,
// as in production). The API's remote registry is pointed at the remote dev servers through
// REMOTE_<NAME>_ENTRY. Usage: `npm run dev` (every remote) or `npm run dev -- voice lab` (dev servers
// for those remotes only; the others are served by the API from their last build in remotes/<name>/dist).
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEV_PORTS, REMOTE_NAMES } from '@annie/build-config/dev-ports';
import type { RemoteName } from '@annie/contracts/remotes';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM = process.env.ANNIE_PNPM ?? 'pnpm';
const { positionals: requested } = parseArgs({ allowPositionals: true, strict: true });
const isRemote = (name: string): name is RemoteName => (REMOTE_NAMES as readonly string[]).includes(name);
const unknown = requested.filter((name) => !isRemote(name));
if (unknown.length > 0) {
  console.error(`[dev] unknown remote(s): ${unknown.join(', ')}; choose from ${REMOTE_NAMES.join(', ')}`);
  process.exit(2);
}
const devRemotes: RemoteName[] = requested.length > 0 ? requested.filter(isRemote) : [...REMOTE_NAMES];
const shellUrl = `http://localhost:${DEV_PORTS.shell}`;

const apiEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: String(DEV_PORTS.api),
  // The page's origin is the shell's dev server; /api reaches the API through its proxy.
  CORS_ORIGINS: shellUrl,
};
for (const name of devRemotes) {
  apiEnv[`REMOTE_${name.toUpperCase()}_ENTRY`] = `http://localhost:${DEV_PORTS[name]}/mf-manifest.json`;
}

const children: ChildProcess[] = [];
let stopping = false;

function start(label: string, command: string, args: string[], env = process.env): ChildProcess {
  // Own process group, so stopping reaches what it starts (pnpm's dev servers, node --watch's child).
  const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit', detached: true });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[dev] ${label} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
    stop(code ?? 1);
  });
  return child;
}

function stop(code: number): void {
  stopping = true;
  for (const child of children) {
    if (!child.pid) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(code), 500).unref();
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

start('API', process.execPath, ['--watch', 'api/src/main.ts'], apiEnv);
const filters = ['./shell', ...devRemotes.map((name) => `./remotes/${name}`)].flatMap((path) => [
  '--filter',
  path,
]);
start('dev servers', PNPM, [...filters, '--parallel', 'run', 'dev']);

console.log(`[dev] API on http://localhost:${DEV_PORTS.api}; open ${shellUrl}`);
for (const name of REMOTE_NAMES) {
  const where = devRemotes.includes(name)
    ? `dev server http://localhost:${DEV_PORTS[name]}`
    : 'last build (API)';
  console.log(`[dev]   ${name}: ${where}`);
}
