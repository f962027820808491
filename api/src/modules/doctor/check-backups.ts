import { resolve } from 'node:path';
import type { DoctorReport } from '@annie/contracts/doctor';
import type { AppConfig } from '../../config/env.ts';
import { REPO_ROOT } from '../../runtime.ts';
import { backupStatus } from '../backups/index.ts';
import { checkPgBackRest } from './check-backups-pgbackrest.ts';

// A day's backup plus its retries and a late start: older than this, a day was missed.
const STALE_MS = 36 * 3_600_000;

function sizeText(bytes: number): string {
  return bytes >= 1024 ** 2 ? `${(bytes / 1024 ** 2).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

/**
 * The embedded database's scheduled backups: when the last was taken, its size, and a failure since.
 * With DATABASE_URL, what pgBackRest records of the database (check-backups-pgbackrest.ts).
 */
export async function checkBackups(
  config: Pick<
    AppConfig,
    'DATABASE_URL' | 'DATA_DIR' | 'BACKUP_KEEP' | 'PGBACKREST_STANZA' | 'PGBACKREST_CONFIG'
  >,
  now = new Date(),
): Promise<DoctorReport['backups']> {
  if (config.DATABASE_URL) return checkPgBackRest(config, STALE_MS, now);
  const none = { lastAt: null, bytes: null };
  if (config.BACKUP_KEEP === 0) {
    return { ok: true, ...none, detail: 'scheduled backups are off (BACKUP_KEEP=0)' };
  }
  const status = await backupStatus(resolve(REPO_ROOT, config.DATA_DIR));
  const last = status.last && { lastAt: status.last.at.toISOString(), bytes: status.last.bytes };
  if (status.failure && (!status.last || status.failure.at > status.last.at)) {
    return {
      ok: false,
      ...(last ?? none),
      detail: `the last attempt failed (${status.failure.at.toISOString()}): ${status.failure.message}`,
    };
  }
  if (!status.last) {
    return { ok: true, ...none, detail: 'none yet: the first is taken when AnnieAI starts' };
  }
  const detail = `last ${status.last.at.toISOString()}, ${sizeText(status.last.bytes)}, in ${status.last.file}`;
  if (now.getTime() - status.last.at.getTime() > STALE_MS) {
    return { ok: false, ...(last ?? none), detail: `none for more than a day: ${detail}` };
  }
  return { ok: true, ...(last ?? none), detail };
}
