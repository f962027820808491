import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { BackupToolError } from './backup.ts';
import { bytesEntry, clusterEntries, fileEntry, writeArchive } from './cluster-archive.ts';
import type { ClusterLayout } from './embedded-layout.ts';

const WAL_SEGMENT = /^[0-9A-F]{24}$/;
const TIMELINE_HISTORY = /^[0-9A-F]{8}\.history$/;

/**
 * Backs up the running embedded cluster with PostgreSQL's low-level base backup API: on one session,
 * `pg_backup_start`, a copy of the data directory while the server keeps writing, `pg_backup_stop`
 * (whose backup_label and tablespace_map go into the archive), then the WAL written from the backup's
 * start onwards, which replay makes consistent when the archive is restored. A temporary replication
 * slot on the same session keeps that WAL from being recycled until it is copied; it ends with the
 * session. `onWalCopy` is called when the copy of the WAL begins: every transaction committed before
 * then is in the backup. The password file is not in it (cluster-backup.ts).
 */
export async function backupRunningCluster(
  layout: ClusterLayout,
  adminUrl: string,
  file: string,
  options: { onWalCopy?: () => void } = {},
): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'annie-backup' });
  await client.connect();
  try {
    const slot = `annie_backup_${process.pid}_${Date.now()}`;
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
    await client.query('select pg_backup_start($1, true)', [`annie ${new Date().toISOString()}`]);
    async function* entries() {
      yield* clusterEntries(layout.clusterDir, { online: true });
      const stop = await client.query<{ labelfile: string; spcmapfile: string | null }>(
        'select labelfile, spcmapfile from pg_backup_stop(false)',
      );
      const { labelfile, spcmapfile } = stop.rows[0] ?? { labelfile: '', spcmapfile: null };
      yield* bytesEntry('backup_label', Buffer.from(labelfile));
      if (spcmapfile) yield* bytesEntry('tablespace_map', Buffer.from(spcmapfile));
      options.onWalCopy?.();
      yield* walEntries(layout.clusterDir, labelfile, await currentWalFile(client));
    }
    await writeArchive(file, entries());
  } finally {
    // Ends the backup if it did not finish, and drops the temporary slot.
    await client.end().catch(() => {});
  }
}

async function currentWalFile(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ name: string }>(
    'select pg_walfile_name(pg_current_wal_lsn()) as name',
  );
  return rows[0]?.name ?? '';
}

/** The WAL segments from the backup's first to the one written now, and the timeline histories. */
async function* walEntries(clusterDir: string, labelfile: string, last: string): AsyncGenerator<Buffer> {
  const first = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1];
  if (!first || !WAL_SEGMENT.test(last)) {
    throw new BackupToolError('PostgreSQL did not say which WAL the backup needs');
  }
  const names = (await readdir(join(clusterDir, 'pg_wal'))).sort();
  const needed = names.filter((name) => WAL_SEGMENT.test(name) && name >= first && name <= last);
  // The last may not exist yet: its name is taken when the first record is written into it.
  if (!needed.includes(first)) {
    throw new BackupToolError(`The WAL the backup needs (from ${first}) is no longer there`);
  }
  for (const name of names.filter((name) => TIMELINE_HISTORY.test(name))) {
    yield* fileEntry(`pg_wal/${name}`, join(clusterDir, 'pg_wal', name));
  }
  for (const name of needed) yield* fileEntry(`pg_wal/${name}`, join(clusterDir, 'pg_wal', name));
}
