import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClusterLayout } from './embedded-layout.ts';

/** The embedded server running on a cluster now, as its postmaster.pid describes it. */
export type RunningServer = { pid: number; port: number };

const SOCKET_PREFIX = '.s.PGSQL.';

/** The uid the cluster's server runs as: the `postgres` account in root mode, else this process's user. */
function serverUid(layout: ClusterLayout): number | undefined {
  return layout.runAs?.uid ?? process.getuid?.();
}

function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Whether process `pid` is a postgres of this cluster: alive, run by the cluster's account, and working
 * in the cluster's folder (the postmaster and every backend change into their data directory). A pid
 * left in the file by a server that was killed may since belong to anything else.
 */
function servesCluster(pid: number, layout: ClusterLayout): boolean {
  const uid = serverUid(layout);
  if (existsSync('/proc/self')) {
    try {
      if (uid !== undefined && statSync(`/proc/${pid}`).uid !== uid) return false;
      return canonical(readlinkSync(`/proc/${pid}/cwd`)) === canonical(layout.clusterDir);
    } catch {
      return false;
    }
  }
  // Without /proc (macOS): the account and the command line the server was started with.
  try {
    const line = execFileSync('ps', ['-o', 'uid=,command=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    const [owner, ...command] = line.split(/\s+/);
    return (
      (uid === undefined || Number(owner) === uid) && command.join(' ').includes(`-D ${layout.clusterDir}`)
    );
  } catch {
    return false;
  }
}

/** The pid file's fields: pid, data directory, start time, port, socket directory, ... */
function pidFileFields(clusterDir: string): string[] | undefined {
  const file = join(clusterDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  try {
    return readFileSync(file, 'utf8').split('\n');
  } catch {
    return undefined;
  }
}

/**
 * The server of this cluster when one runs now; undefined when none does, including when the pid
 * file is stale (left by a server that was killed or lost power) whatever the pid now names.
 */
export function runningServer(layout: ClusterLayout): RunningServer | undefined {
  const fields = pidFileFields(layout.clusterDir);
  const pid = Number(fields?.[0]);
  if (!fields || !Number.isInteger(pid) || pid <= 0) return undefined;
  if (!servesCluster(pid, layout)) return undefined;
  return { pid, port: Number(fields[3]) };
}

/** The path of the server's socket in the cluster folder (the only place it is looked for). */
export function socketPath(clusterDir: string, port: number): string {
  return join(clusterDir, `${SOCKET_PREFIX}${port}`);
}

/**
 * Processes other than `pid`'s still working in the cluster folder: backends of a killed postmaster
 * that have not noticed yet. Starting a server beside them could damage the files. Linux only (empty
 * elsewhere, where PostgreSQL's own shared-memory check is what remains).
 */
export function processesInCluster(layout: ClusterLayout): number[] {
  if (!existsSync('/proc/self')) return [];
  const folder = canonical(layout.clusterDir);
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (canonical(readlinkSync(`/proc/${name}/cwd`)) === folder) found.push(Number(name));
    } catch {
      // Gone meanwhile, or another user's process (which cannot be working in our folder).
    }
  }
  return found;
}

/**
 * Removes the lock files a killed server left (the pid file and its socket's lock): PostgreSQL refuses
 * to start while they name a live process, and after a crash that pid may be anyone's. Call only when
 * runningServer found no server.
 */
export async function clearStaleLocks(layout: ClusterLayout): Promise<void> {
  await rm(join(layout.clusterDir, 'postmaster.pid'), { force: true });
  if (!existsSync(layout.clusterDir)) return;
  for (const name of await readdir(layout.clusterDir)) {
    if (name.startsWith(SOCKET_PREFIX)) await rm(join(layout.clusterDir, name), { force: true });
  }
}

/** Whether a name in the cluster folder is one of the server's socket files (never backed up). */
export function isSocketFile(name: string): boolean {
  return name.startsWith(SOCKET_PREFIX);
}
