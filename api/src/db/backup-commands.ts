import { resolve } from 'node:path';
import type { AppConfig } from '../config/env.ts';
import { backupDatabase, findPgTool, restoreDatabase } from './backup.ts';

/**
 * `db:backup FILE` / `db:restore FILE` on the configured database (DATABASE_URL, or the embedded one,
 * started for the occasion unless the app is already running on it). Returns the line to print.
 */
export async function runBackupCommand(
  command: 'db:backup' | 'db:restore',
  file: string,
  config: AppConfig,
  databaseUrl: string,
): Promise<string> {
  const path = resolve(file);
  const where = { binDir: config.PG_BIN_DIR, embedded: !config.DATABASE_URL };
  if (command === 'db:backup') {
    await backupDatabase(await findPgTool('pg_dump', databaseUrl, where), databaseUrl, path);
    return `Backed up the database to ${path}`;
  }
  await restoreDatabase(await findPgTool('pg_restore', databaseUrl, where), databaseUrl, path);
  return `Restored the database from ${path}`;
}
