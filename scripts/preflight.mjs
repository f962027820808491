// What `npm start` checks before installing or building anything, so that an expected problem ends the
// start in its first seconds with one line saying what to do. Plain JavaScript on Node >= 20 (it runs
// before any install); the checks read the same settings as api/src/config/env.ts, with the defaults of
// api/src/config/defaults.mjs (plain JavaScript, so it loads here too).
import {
  existsSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { DEFAULTS, SANDBOX_DEFAULTS } from '../api/src/config/defaults.mjs';

const GiB = 1024 ** 3;
// A fresh install (node_modules, the toolchain, the builds) takes about 1.3 GiB; later starts only rebuild.
const FREE_FOR_INSTALL = 2 * GiB;
const FREE_FOR_START = 0.5 * GiB;

/** A problem the operator can fix; `message` is the one line to print. */
export class PreflightError extends Error {}

/** The owner of a listening TCP port, from /proc (Linux; only processes this user may inspect). */
function listenerOf(port) {
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== '0A') continue;
      if (Number.parseInt(fields[1].split(':').pop(), 16) === port) inodes.add(fields[9]);
    }
  }
  if (inodes.size === 0) return undefined;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
        return { pid: Number(pid), command };
      }
    }
  }
  return undefined;
}

function portIsFree(port, host) {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', (error) =>
      done(error.code !== 'EADDRINUSE' && error.code !== 'EACCES' ? true : error.code),
    );
    server.listen({ port, host, exclusive: true }, () => server.close(() => done(true)));
  });
}

function describeOwner(owner) {
  if (!owner) return 'another program';
  const command = owner.command.length > 80 ? `${owner.command.slice(0, 77)}...` : owner.command;
  return `${command} (pid ${owner.pid})`;
}

/** A port setting, or undefined when it is not a port number (the API then reports its setting error). */
function numberSetting(env, name, fallback) {
  const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
  return Number.isInteger(value) && value >= 0 && value <= 65_535 ? value : undefined;
}

function assertWritable(folder, what) {
  // The folder, or the nearest existing folder above it (where it will be made), must take a file.
  let existing = folder;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  try {
    const probe = join(existing, `.annie-write-test-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    throw new PreflightError(`Cannot write to ${folder} (${what}): ${error.code ?? error.message}`);
  }
}

/**
 * Runs every check; throws a PreflightError on the first problem. `install` says whether this start
 * installs and builds (and so needs room for it). `statfs` reads the disk's free space (a test passes
 * its own).
 * @param {{ root: string; env: Record<string, string | undefined>; install: boolean; sandbox?: boolean;
 *   statfs?: (path: string) => { bavail: number; bsize: number } }} options
 */
export async function preflight({ root, env, install, sandbox = false, statfs = statfsSync }) {
  const port = numberSetting(env, 'PORT', DEFAULTS.PORT);
  const host = env.HOST || DEFAULTS.HOST;
  // A sandbox keeps its data beside a production start's (api/src/sandbox/sandbox-settings.ts).
  const dataDir = resolve(root, env.DATA_DIR || (sandbox ? SANDBOX_DEFAULTS.DATA_DIR : DEFAULTS.DATA_DIR));

  assertWritable(root, 'the dependencies and the builds go there');
  assertWritable(dataDir, 'DATA_DIR: the database, the session secret and the logs');

  const { bavail, bsize } = statfs(root);
  const free = bavail * bsize;
  const needed =
    install && !existsSync(join(root, 'node_modules', '.pnpm')) ? FREE_FOR_INSTALL : FREE_FOR_START;
  if (free < needed) {
    throw new PreflightError(
      `Only ${(free / GiB).toFixed(1)} GiB free on the disk of ${root}; AnnieAI needs ${(needed / GiB).toFixed(1)} GiB: free some space`,
    );
  }

  const appPort = port === undefined ? true : await portIsFree(port, host);
  if (appPort === 'EACCES')
    throw new PreflightError(
      `Port ${port} needs privileges this user does not have: set PORT to 1024 or above`,
    );
  if (appPort !== true) {
    throw new PreflightError(
      `Port ${port} is already in use by ${describeOwner(listenerOf(port))}: stop it, or choose another port with PORT=<n> npm start`,
    );
  }

  // The embedded database opens no TCP port (a Unix socket in its own folder): nothing to check for it.
  return { port, dataDir };
}
