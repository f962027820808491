import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { AppConfig } from '../config/env.ts';
import { BackupToolError, backupDatabase, findPgTool, restoreDatabase } from './backup.ts';
import { backupCluster, restoreCluster } from './cluster-backup.ts';
import { clusterLayout } from './embedded-layout.ts';

/**
 * `db:backup FILE` / `db:restore FILE` on the embedded database (no DATABASE_URL): a copy of its files,
 * taken and put back with the database stopped (cluster-backup.ts). Returns the line to print.
 */
export async function runEmbeddedBackupCommand(
  command: 'db:backup' | 'db:restore',
  file: string,
  dataDir: string,
): Promise<string> {
  const path = resolve(file);
  await mkdir(dataDir, { recursive: true });
  const layout = await clusterLayout(dataDir);
  const passwordFile = join(dataDir, 'postgres-password');
  if (command === 'db:backup') {
    await backupCluster(layout, passwordFile, path);
    return `Backed up the embedded database (${layout.clusterDir}) to ${path}`;
  }
  if (!existsSync(path)) throw new BackupToolError(`No backup file at ${path}`);
  await restoreCluster(layout, passwordFile, path);
  return `Restored the embedded database from ${path}`;
}

/** `db:backup FILE` / `db:restore FILE` on DATABASE_URL, with pg_dump/pg_restore. Returns the line to print. */
export async function runBackupCommand(
  command: 'db:backup' | 'db:restore',
  file: string,
  config: AppConfig,
  databaseUrl: string,
): Promise<string> {
  const path = resolve(file);
  const where = { binDir: config.PG_BIN_DIR };
  if (command === 'db:backup') {
    await backupDatabase(await findPgTool('pg_dump', databaseUrl, where), databaseUrl, path);
    return `Backed up the database to ${path}`;
  }
  await restoreDatabase(await findPgTool('pg_restore', databaseUrl, where), databaseUrl, path);
  return `Restored the database from ${path}`;
}
