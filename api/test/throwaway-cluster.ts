import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { appendFile, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packagedBinDir } from '../src/db/embedded-layout.ts';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 when installed (CI and the deploy scripts use it), else the embedded package's. */
export function postgresBinDir(): string {
  const debian = '/usr/lib/postgresql/15/bin';
  return existsSync(join(debian, 'postgres')) ? debian : packagedBinDir();
}

/** A TCP port nobody listens on right now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type ThrowawayCluster = {
  port: number;
  /** The folder of the server's Unix socket (and of the cluster). */
  socketDir: string;
  dataDir: string;
  /** A URL of the superuser `annie` (trust on loopback) to `database`. */
  url: (database?: string) => string;
  /** Stops the server, keeping its files. */
  halt: () => Promise<void>;
  /** Stops the server and removes its folder. */
  stop: () => Promise<void>;
};

/** Root may not run postgres: the cluster then runs as the `postgres` account. */
export async function runAsAccount(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  return { uid: await id('-u'), gid: await id('-g') };
}

/** Runs a program as the cluster's account, rejecting with what it printed when it fails. */
export async function runAsClusterAccount(program: string, args: string[]): Promise<string> {
  const account = await runAsAccount();
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...(account ?? {}), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${program} failed (${code}): ${output}`)),
    );
  });
}

/** A temporary folder owned by the cluster's account. */
export async function clusterFolder(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const account = await runAsAccount();
  if (account) await chown(dir, account.uid, account.gid);
  return dir;
}

/**
 * A PostgreSQL cluster of its own for a test that must set server settings (max_connections, WAL
 * archiving…) the shared test server must keep: a temporary folder, a free loopback port, trust
 * authentication. `settings` go into postgresql.conf (they hold across restarts).
 */
export async function startThrowawayCluster(
  settings: Record<string, string> = {},
): Promise<ThrowawayCluster> {
  const dir = await clusterFolder('annie-cluster-');
  const data = join(dir, 'data');
  await runAsClusterAccount(join(postgresBinDir(), 'initdb'), [
    '-D',
    data,
    '-U',
    'annie',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const lines = Object.entries({ fsync: 'off', ...settings }).map(
    ([name, value]) => `${name} = '${value.replaceAll("'", "''")}'`,
  );
  await appendFile(join(data, 'postgresql.conf'), `\n${lines.join('\n')}\n`);
  return startClusterOn(dir, data);
}

/** Starts PostgreSQL on an existing data folder (e.g. restored from a backup) in `dir`, on a free port. */
export async function startClusterOn(
  dir: string,
  data: string,
  settings: Record<string, string> = {},
): Promise<ThrowawayCluster> {
  const binDir = postgresBinDir();
  const port = await freePort();
  const options = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  await runAsClusterAccount(join(binDir, 'pg_ctl'), [
    '-D',
    data,
    '-w',
    '-t',
    '60',
    '-l',
    join(dir, `server-${port}.log`),
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} ${options}`,
    'start',
  ]);
  const as = (await runAsAccount()) ?? {};
  // A test file whose setup fails runs no afterAll: the server must not outlive the test worker.
  const stopNow = () => {
    spawnSync(join(binDir, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], { ...as, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopNow);
  return {
    port,
    socketDir: dir,
    dataDir: data,
    url: (database = 'postgres') => `postgres://annie@127.0.0.1:${port}/${database}`,
    halt: async () => {
      await runAsClusterAccount(join(binDir, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    stop: async () => {
      process.off('exit', stopNow);
      await runAsClusterAccount(join(binDir, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']).catch(
        () => {},
      );
      await rm(dir, { recursive: true, force: true });
    },
  };
}
