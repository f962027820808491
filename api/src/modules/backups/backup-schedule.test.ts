import { mkdtemp, readdir, readFile, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { runEmbeddedBackupCommand } from '../../db/backup-commands.ts';
import { isEncryptedBackup } from '../../db/backup-encryption.ts';
import { listClusters, removeCluster } from '../../db/cluster-registry.ts';
import { startEmbeddedPostgres } from '../../db/embedded-postgres.ts';
import { Scheduler } from '../../jobs/define-schedule.ts';
import { JOB_QUEUE_SCHEMA } from '../../jobs/job-queue.ts';
import { JobWorkers } from '../../jobs/job-workers.ts';
import { checkBackups } from '../doctor/check-backups.ts';
import { eventually } from '../lab/testing/lab-test-helpers.ts';
import { backupSchedule } from './backup-schedule.ts';
import { backupsFolder, runScheduledBackup } from './scheduled-backup.ts';

// The job queue lives in the test database; the database backed up is a real embedded one.
const app = await startTestApp();
const folder = await mkdtemp(join(tmpdir(), 'annie-scheduled-backup-'));
const realFolder = await realpath(folder);
const dataDir = join(folder, '.data');
const embedded = await startEmbeddedPostgres({ dataDir, port: 57_000 + (process.pid % 1_000) });
const logged: { level: number; msg: string }[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(chunk.toString()));
      done();
    },
  }),
);
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
  await embedded.stop();
  await rm(folder, { recursive: true, force: true });
  // As root, the failed attempt's data folder got an (empty) cluster folder under /var/lib/annie too.
  for (const cluster of await listClusters()) {
    if (cluster.dataDir?.startsWith(realFolder)) await removeCluster(cluster.id);
  }
  if (embedded.layout.relocatedBecause) {
    await rm(embedded.layout.clusterDir, { recursive: true, force: true });
    await rm(`${embedded.layout.clusterDir}.owner.json`, { force: true });
  }
});

const DAY = '2026-11-27';
let backupsRun = 0;

const schedule = backupSchedule({
  logger,
  today: () => DAY,
  backup: async () => {
    backupsRun += 1;
    return runScheduledBackup(dataDir, 3);
  },
});

/** One instance of the app as far as backups go: its own workers and scheduler. */
async function instance() {
  const workers = new JobWorkers(app.pool, app.config, logger);
  const scheduler = new Scheduler(workers, logger);
  await scheduler.start([schedule]);
  stops.push(async () => {
    await scheduler.stop();
    await workers.stop();
  });
}

const jobsOfQueue = async () =>
  (
    await app.pool.query<{ state: string }>(`select state from ${JOB_QUEUE_SCHEMA}.job where name = $1`, [
      schedule.queue.name,
    ])
  ).rows.map((row) => row.state);

describe('scheduled backups of the embedded database', () => {
  it('with two instances, the day’s backup is taken once, into DATA_DIR/backups, 0600', async () => {
    await Promise.all([instance(), instance()]);
    await eventually(async () => ((await jobsOfQueue()).includes('completed') ? true : undefined), 60_000);
    // An instance starting later the same day asks again: still the one job.
    await instance();
    expect(await jobsOfQueue()).toEqual(['completed']);
    expect(backupsRun).toBe(1);
    const files = (await readdir(backupsFolder(dataDir))).filter((name) => name.endsWith('.backup'));
    expect(files).toHaveLength(1);
    const written = await stat(join(backupsFolder(dataDir), files[0] ?? ''));
    expect(written.mode & 0o777).toBe(0o600);
    // Judged as it was written: its age is measured from its mtime, the file system's clock, which a
    // test process with a shifted clock (faketime) does not share.
    const report = await checkBackups({ DATA_DIR: dataDir, BACKUP_KEEP: 3 }, written.mtime);
    expect(report?.ok).toBe(true);
    expect(report?.bytes).toBeGreaterThan(0);
    expect(report?.detail).toContain(files[0]);
  });

  it('keeps only the newest BACKUP_KEEP backups', async () => {
    // Dated after the real backup the test before took (now), whatever today is: four hours from a day ahead.
    const tomorrow = Date.now() + 86_400_000;
    const stamps = [1, 2, 3, 4].map((hour) => new Date(tomorrow + hour * 3_600_000));
    for (const at of stamps) await runScheduledBackup(dataDir, 2, at);
    const files = (await readdir(backupsFolder(dataDir))).filter((name) => name.endsWith('.backup')).sort();
    const named = (at: Date) => `annie-${at.toISOString().replace(/[:.]/g, '-')}.backup`;
    expect(files).toEqual(stamps.slice(2).map(named));
  });

  it('with BACKUP_ENCRYPTION_KEY and BACKUP_COPY_DIR: encrypted, copied to the other folder, and refused to restore without the key', async () => {
    const copyDir = join(folder, 'other-disk');
    const key = 'the backup key from the environment';
    const at = new Date(Date.now() + 3 * 86_400_000);
    const file = await runScheduledBackup(dataDir, 2, at, { encryptionKey: key, copyDir });
    expect(await isEncryptedBackup(file)).toBe(true);
    const copy = join(copyDir, basename(file));
    expect((await readFile(copy)).equals(await readFile(file))).toBe(true);
    expect((await stat(copy)).mode & 0o777).toBe(0o600);
    // The embedded database's password is in neither the file nor its plaintext (cluster-backup-secrets.test.ts).
    const password = (await readFile(join(dataDir, 'postgres-password'), 'utf8')).trim();
    expect((await readFile(file)).includes(Buffer.from(password))).toBe(false);
    await expect(runEmbeddedBackupCommand('db:restore', file, dataDir)).rejects.toThrow(
      /is encrypted: set BACKUP_ENCRYPTION_KEY/,
    );
    await expect(
      runEmbeddedBackupCommand('db:restore', file, dataDir, () => {}, 'not the key it was made with'),
    ).rejects.toThrow(/could not be decrypted/);
  });

  it('a failed backup is logged as an error and shown failing in the doctor report', async () => {
    // Only this instance works the queue now.
    for (const stop of stops.splice(0)) await stop();
    const broken = join(folder, 'no-database', '.data');
    const workers = new JobWorkers(app.pool, app.config, logger);
    stops.push(() => workers.stop());
    // A new day: the day's run has not happened yet.
    await app.pool.query(`delete from ${JOB_QUEUE_SCHEMA}.job where name = $1`, [schedule.queue.name]);
    const scheduler = new Scheduler(workers, logger);
    await scheduler.start([
      backupSchedule({ logger, today: () => '2026-11-29', backup: () => runScheduledBackup(broken, 3) }),
    ]);
    stops.unshift(() => scheduler.stop());
    const failure = await eventually(async () =>
      logged.find((line) => line.level === 50 && line.msg.startsWith('SCHEDULED BACKUP FAILED')),
    );
    expect(failure).toBeDefined();
    const report = await checkBackups({ DATA_DIR: broken, BACKUP_KEEP: 3 });
    expect(report?.ok).toBe(false);
    expect(report?.detail).toMatch(/the last attempt failed .*no embedded database/);
  });
});
