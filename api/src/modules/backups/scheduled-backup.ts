import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { backupEmbeddedDatabase } from '../../db/backup-commands.ts';
import { clusterLayout } from '../../db/embedded-layout.ts';
import { backupLastSuccess } from '../../observability/index.ts';

const BACKUP_FILE = /^annie-[0-9TZ-]+\.backup$/;
const FAILURE_FILE = 'last-failure.json';

/** Where scheduled backups of the embedded database go. */
export function backupsFolder(dataDir: string): string {
  return join(dataDir, 'backups');
}

/** The newest scheduled backup, and the last failure when it came after it. */
export type BackupStatus = {
  last?: { file: string; at: Date; bytes: number };
  failure?: { at: Date; message: string };
};

/** Where else backups go and how they are kept: BACKUP_ENCRYPTION_KEY and BACKUP_COPY_DIR. */
export type BackupStorage = { encryptionKey?: string; copyDir?: string };

async function keepNewest(folder: string, keep: number): Promise<void> {
  const backups = (await readdir(folder)).filter((name) => BACKUP_FILE.test(name)).sort();
  for (const old of backups.slice(0, Math.max(0, backups.length - keep))) await rm(join(folder, old));
}

/**
 * Backs up the embedded database of `dataDir` into its backups folder (a name sortable by time, 0600,
 * encrypted when a key is set), copies it to the copy folder when one is set (another disk: a backup
 * on the database's own disk dies with it), then keeps only the newest `keep` in each. A failure is kept
 * beside them for the doctor's report and thrown; a success clears it.
 */
export async function runScheduledBackup(
  dataDir: string,
  keep: number,
  now = new Date(),
  storage: BackupStorage = {},
): Promise<string> {
  const folder = backupsFolder(dataDir);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const file = join(folder, `annie-${now.toISOString().replace(/[:.]/g, '-')}.backup`);
  try {
    await backupEmbeddedDatabase(await clusterLayout(dataDir), dataDir, file, {
      encryptionKey: storage.encryptionKey,
    });
    if (storage.copyDir) {
      await mkdir(storage.copyDir, { recursive: true, mode: 0o700 });
      await copyFile(file, join(storage.copyDir, basename(file)));
      await chmod(join(storage.copyDir, basename(file)), 0o600);
      await keepNewest(storage.copyDir, keep);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await writeFile(join(folder, FAILURE_FILE), JSON.stringify({ at: now.toISOString(), message }), {
      mode: 0o600,
    });
    throw error;
  }
  await rm(join(folder, FAILURE_FILE), { force: true });
  await keepNewest(folder, keep);
  backupLastSuccess.set(now.getTime() / 1000);
  return file;
}

/** What the backups folder says: the newest backup (time and size) and a failure since. */
export async function backupStatus(dataDir: string): Promise<BackupStatus> {
  const folder = backupsFolder(dataDir);
  if (!existsSync(folder)) return {};
  const newest = (await readdir(folder))
    .filter((name) => BACKUP_FILE.test(name))
    .sort()
    .at(-1);
  const status: BackupStatus = {};
  if (newest) {
    const info = await stat(join(folder, newest));
    status.last = { file: join(folder, newest), at: info.mtime, bytes: info.size };
  }
  const failure = await readFile(join(folder, FAILURE_FILE), 'utf8').catch(() => undefined);
  if (failure) {
    const parsed = JSON.parse(failure) as { at: string; message: string };
    status.failure = { at: new Date(parsed.at), message: parsed.message };
  }
  return status;
}
