import { existsSync } from 'node:fs';
import { chown, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BackupToolError } from './backup.ts';
import { clusterEntries, writeArchive } from './cluster-archive.ts';
import { extractArchive } from './cluster-archive-reader.ts';
import { setNewSuperuserPassword } from './cluster-backup-password.ts';
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

/**
 * Writes the stopped cluster to `file`, readable by its owner only. Not its password file: a stolen
 * backup does not open the live database, and a restore sets a new password.
 */
export async function backupCluster(layout: ClusterLayout, file: string): Promise<void> {
  assertInitialised(layout);
  const running = runningProblem(layout);
  if (running) throw new BackupToolError(`${running}: its files cannot be copied as they are`);
  await writeArchive(file, clusterEntries(layout.clusterDir, { online: false }));
}

/**
 * Replaces the stopped cluster (or puts one in a data folder that has none yet) with the one in
 * `file`: extracted beside it first and given a new superuser password (the archive holds none), then
 * swapped in by renaming with the password file written beside it, so a bad file leaves the current
 * database and its password as they were.
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
  const newPasswordFile = `${passwordFile}.restoring`;
  await rm(incoming, { recursive: true, force: true });
  await mkdir(incoming, { mode: 0o700 });
  try {
    await extractArchive(file, incoming, layout.runAs);
    if (!existsSync(join(incoming, 'PG_VERSION'))) {
      throw new BackupToolError(`${file} is incomplete: no database cluster in it`);
    }
    if (layout.runAs) await chown(incoming, layout.runAs.uid, layout.runAs.gid);
    const password = await setNewSuperuserPassword(layout, incoming);
    await mkdir(dirname(passwordFile), { recursive: true });
    await writeFile(newPasswordFile, `${password}\n`, { mode: 0o600 });
    await rm(previous, { recursive: true, force: true });
    if (existsSync(layout.clusterDir)) await rename(layout.clusterDir, previous);
    await rename(incoming, layout.clusterDir);
    await rename(newPasswordFile, passwordFile);
    await rm(previous, { recursive: true, force: true });
  } finally {
    await rm(incoming, { recursive: true, force: true });
    await rm(newPasswordFile, { force: true });
  }
}
