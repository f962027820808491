import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { AppConfig } from '../config/env.ts';
import { BackupToolError, backupDatabase, findPgTool, restoreDatabase } from './backup.ts';
import { decryptBackupFile, encryptBackupFile, isEncryptedBackup } from './backup-encryption.ts';
import { backupCluster, restoreCluster } from './cluster-backup.ts';
import { backupRunningCluster } from './cluster-online-backup.ts';
import { type ClusterLayout, clusterLayout } from './embedded-layout.ts';
import { embeddedUrl } from './embedded-postgres.ts';
import { runningServer } from './embedded-server-check.ts';

/**
 * Backs up the embedded database of `dataDir` to `file`: with PostgreSQL's base backup API while it
 * runs, as a copy of its files while it is stopped. Returns whether it was running.
 */
export async function backupEmbeddedDatabase(
  layout: ClusterLayout,
  dataDir: string,
  file: string,
  options: { onWalCopy?: () => void; encryptionKey?: string } = {},
): Promise<{ running: boolean }> {
  const passwordFile = join(dataDir, 'postgres-password');
  const server = existsSync(join(layout.clusterDir, 'PG_VERSION')) ? runningServer(layout) : undefined;
  if (!server) {
    await backupCluster(layout, file);
  } else {
    const password = (await readFile(passwordFile, 'utf8')).trim();
    const adminUrl = embeddedUrl(password, layout.clusterDir, server.port, 'postgres');
    await backupRunningCluster(layout, adminUrl, file, options);
  }
  if (options.encryptionKey) await encryptBackupFile(file, options.encryptionKey);
  return { running: server !== undefined };
}

/**
 * Runs `restore` on the plain form of `file`: an encrypted backup is decrypted next to it first (0600,
 * removed afterwards), and refused without the key; a plain one is used as it is.
 */
async function withPlainBackup(
  file: string,
  encryptionKey: string | undefined,
  restore: (plain: string) => Promise<void>,
): Promise<void> {
  if (!(await isEncryptedBackup(file))) return restore(file);
  const plain = `${file}.decrypted-${process.pid}`;
  await decryptBackupFile(file, plain, encryptionKey);
  try {
    await restore(plain);
  } finally {
    await rm(plain, { force: true });
  }
}

/**
 * `db:backup FILE` / `db:restore FILE` on the embedded database (no DATABASE_URL). A backup is taken
 * running or stopped; a restore needs it stopped and swaps the files in (cluster-backup.ts). Returns
 * the line to print; `progress` gets the lines to show on the way.
 */
export async function runEmbeddedBackupCommand(
  command: 'db:backup' | 'db:restore',
  file: string,
  dataDir: string,
  progress: (line: string) => void = () => {},
  encryptionKey?: string,
): Promise<string> {
  const path = resolve(file);
  await mkdir(dataDir, { recursive: true });
  const layout = await clusterLayout(dataDir);
  const passwordFile = join(dataDir, 'postgres-password');
  if (command === 'db:backup') {
    const { running } = await backupEmbeddedDatabase(layout, dataDir, path, {
      onWalCopy: () => progress('Data files copied; copying the WAL written meanwhile'),
      encryptionKey,
    });
    return `Backed up the ${running ? 'running' : 'stopped'} embedded database (${layout.clusterDir}) to ${path}`;
  }
  if (!existsSync(path)) throw new BackupToolError(`No backup file at ${path}`);
  await withPlainBackup(path, encryptionKey, (plain) => restoreCluster(layout, passwordFile, plain));
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
    if (config.BACKUP_ENCRYPTION_KEY) await encryptBackupFile(path, config.BACKUP_ENCRYPTION_KEY);
    return `Backed up the database to ${path}`;
  }
  const pgRestore = await findPgTool('pg_restore', databaseUrl, where);
  await withPlainBackup(path, config.BACKUP_ENCRYPTION_KEY, (plain) =>
    restoreDatabase(pgRestore, databaseUrl, plain),
  );
  return `Restored the database from ${path}`;
}
