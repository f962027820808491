import { existsSync } from 'node:fs';
import { chown, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BackupToolError } from './backup.ts';
import { bytesEntry, clusterEntries, PASSWORD_ENTRY, writeArchive } from './cluster-archive.ts';
import { extractArchive } from './cluster-archive-reader.ts';
import type { ClusterLayout } from './embedded-layout.ts';
import { processesInCluster, runningServer } from './embedded-server-check.ts';

/**
 * File-system-level backups of the stopped embedded cluster: every file of its data directory, which
 * PostgreSQL documents as a consistent backup needing no client tools (the embedded package ships only
 * initdb, pg_ctl and postgres). A running cluster is backed up by cluster-online-backup.ts instead.
 */

/** The reason the cluster cannot be copied or replaced now, or undefined when it is stopped. */
export function runningProblem(layout: ClusterLayout): string | undefined {
  const server = runningServer(layout);
  if (server) return `The embedded database is running (pid ${server.pid})`;
  const leftovers = processesInCluster(layout);
  if (leftovers.length > 0)
    return `Processes of the embedded database still run (pid ${leftovers.join(', ')})`;
  return undefined;
}

function assertInitialised(layout: ClusterLayout): void {
  if (!existsSync(join(layout.clusterDir, 'PG_VERSION'))) {
    throw new BackupToolError(
      `There is no embedded database in ${layout.clusterDir} yet: start AnnieAI once first`,
    );
  }
}

/** Writes the stopped cluster (and its password file) to `file`, readable by its owner only. */
export async function backupCluster(
  layout: ClusterLayout,
  passwordFile: string,
  file: string,
): Promise<void> {
  assertInitialised(layout);
  const running = runningProblem(layout);
  if (running) throw new BackupToolError(`${running}: its files cannot be copied as they are`);
  const password = await readFile(passwordFile);
  async function* entries() {
    yield* bytesEntry(PASSWORD_ENTRY, password);
    yield* clusterEntries(layout.clusterDir, { online: false });
  }
  await writeArchive(file, entries());
}

/**
 * Replaces the stopped cluster (or puts one in a data folder that has none yet) with the one in
 * `file`: extracted beside it first, then swapped in by renaming, so a bad file leaves the current
 * database as it was.
 */
export async function restoreCluster(
  layout: ClusterLayout,
  passwordFile: string,
  file: string,
): Promise<void> {
  const running = runningProblem(layout);
  if (running) throw new BackupToolError(`${running}: stop AnnieAI, then run db:restore again`);
  const incoming = `${layout.clusterDir}.restoring`;
  const previous = `${layout.clusterDir}.before-restore`;
  await rm(incoming, { recursive: true, force: true });
  await mkdir(incoming, { mode: 0o700 });
  try {
    const password = await extractArchive(file, incoming, layout.runAs);
    if (!existsSync(join(incoming, 'PG_VERSION'))) {
      throw new BackupToolError(`${file} is incomplete: no database cluster in it`);
    }
    if (layout.runAs) await chown(incoming, layout.runAs.uid, layout.runAs.gid);
    await rm(previous, { recursive: true, force: true });
    if (existsSync(layout.clusterDir)) await rename(layout.clusterDir, previous);
    await rename(incoming, layout.clusterDir);
    await mkdir(dirname(passwordFile), { recursive: true });
    await writeFile(passwordFile, password, { mode: 0o600 });
    await rm(previous, { recursive: true, force: true });
  } finally {
    await rm(incoming, { recursive: true, force: true });
  }
}
