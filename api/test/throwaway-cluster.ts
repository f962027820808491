import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
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
  /** A URL of the superuser `annie` (trust on loopback) to `database`. */
  url: (database?: string) => string;
  stop: () => Promise<void>;
};

/** Root may not run postgres: the cluster then runs as the `postgres` account. */
export async function runAsAccount(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  return { uid: await id('-u'), gid: await id('-g') };
}

/**
 * A PostgreSQL cluster of its own for a test that must set server settings (max_connections…) the
 * shared test server must keep: a temporary folder, a free loopback port, trust authentication.
 */
export async function startThrowawayCluster(
  settings: Record<string, string> = {},
): Promise<ThrowawayCluster> {
  const binDir = postgresBinDir();
  const dir = await mkdtemp(join(tmpdir(), 'annie-cluster-'));
  const account = await runAsAccount();
  if (account) await chown(dir, account.uid, account.gid);
  const as = account ?? {};
  const exec = (binary: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(join(binDir, binary), args, { ...as, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${binary} failed (${code}): ${output}`)),
      );
    });
  const data = join(dir, 'data');
  await exec('initdb', ['-D', data, '-U', 'annie', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = Object.entries({ fsync: 'off', ...settings })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  await exec('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'server.log'),
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} ${options}`,
    'start',
  ]);
  // A test file whose setup fails runs no afterAll: the server must not outlive the test worker.
  const stopNow = () => {
    spawnSync(join(binDir, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], { ...as, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopNow);
  return {
    port,
    socketDir: dir,
    url: (database = 'postgres') => `postgres://annie@127.0.0.1:${port}/${database}`,
    stop: async () => {
      process.off('exit', stopNow);
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
