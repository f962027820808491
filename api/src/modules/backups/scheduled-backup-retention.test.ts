import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { backupLastSuccess } from '../../observability/index.ts';
import { BACKUP_PERIOD_MS, backupSchedule } from './backup-schedule.ts';
import { backupStatus, backupsFolder, runScheduledBackup } from './scheduled-backup.ts';

// The schedule's bookkeeping on its own — names, retention, copies, the failure note, the status the
// doctor reads — with the embedded cluster's dump replaced by a file write (the real dump is tested in
// backup-schedule.test.ts and db/backup.test.ts, at minutes a run).
const dump = vi.hoisted(() => ({
  failure: undefined as unknown,
  calls: [] as { layout: unknown; dataDir: string; file: string; options: unknown }[],
}));
vi.mock('../../db/embedded-layout.ts', () => ({
  clusterLayout: async (dataDir: string) => ({ binDir: '/bin', clusterDir: `${dataDir}/postgres` }),
}));
vi.mock('../../db/backup-commands.ts', async () => {
  const { writeFile: write } = await import('node:fs/promises');
  return {
    backupEmbeddedDatabase: async (layout: unknown, dataDir: string, file: string, options: unknown) => {
      dump.calls.push({ layout, dataDir, file, options });
      if (dump.failure !== undefined) throw dump.failure;
      await write(file, `dump of ${dataDir}`, { mode: 0o600 });
      return { running: true };
    },
  };
});

const root = await mkdtemp(join(tmpdir(), 'annie-backup-retention-'));
afterAll(() => rm(root, { recursive: true, force: true }));
let folders = 0;
const dataDir = async () => {
  folders += 1;
  const dir = join(root, `data-${folders}`);
  await mkdir(dir);
  return dir;
};

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 3, 4, 5, 678));
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

beforeEach(() => {
  dump.failure = undefined;
  dump.calls = [];
});

describe('runScheduledBackup', () => {
  it('dumps the cluster of the data folder into its backups folder, under a name sortable by time', async () => {
    const dir = await dataDir();
    const file = await runScheduledBackup(dir, 3, day(27), { encryptionKey: 'k'.repeat(32) });
    expect(backupsFolder(dir)).toBe(join(dir, 'backups'));
    expect(file).toBe(join(dir, 'backups', 'annie-2026-11-27T03-04-05-678Z.backup'));
    expect(await readFile(file, 'utf8')).toBe(`dump of ${dir}`);
    expect(await modeOf(backupsFolder(dir))).toBe(0o700);
    expect(dump.calls).toEqual([
      {
        layout: { binDir: '/bin', clusterDir: `${dir}/postgres` },
        dataDir: dir,
        file,
        options: { encryptionKey: 'k'.repeat(32) },
      },
    ]);
    expect((await backupLastSuccess.get()).values[0]?.value).toBe(day(27).getTime() / 1000);
  });

  it('keeps only the newest `keep` backups, and leaves every other file of the folder alone', async () => {
    const dir = await dataDir();
    await mkdir(backupsFolder(dir));
    await writeFile(join(backupsFolder(dir), 'annie-manual.backup'), 'mine');
    await writeFile(join(backupsFolder(dir), 'notes.txt'), 'mine');
    // Named like a backup, but not one the schedule wrote whole: neither counted nor removed.
    await writeFile(join(backupsFolder(dir), 'old-annie-2026-01-01T00-00-00-000Z.backup'), 'mine');
    await writeFile(join(backupsFolder(dir), 'annie-2026-01-01T00-00-00-000Z.backup.part'), 'mine');
    // Out of order, as a clock put back would write them: the oldest by name go first.
    for (const n of [24, 21, 23, 22]) await runScheduledBackup(dir, 2, day(n));
    expect((await readdir(backupsFolder(dir))).sort()).toEqual([
      'annie-2026-01-01T00-00-00-000Z.backup.part',
      'annie-2026-11-23T03-04-05-678Z.backup',
      'annie-2026-11-24T03-04-05-678Z.backup',
      'annie-manual.backup',
      'notes.txt',
      'old-annie-2026-01-01T00-00-00-000Z.backup',
    ]);
  });

  it('removes nothing while there are fewer backups than `keep`', async () => {
    const dir = await dataDir();
    for (const n of [1, 2]) await runScheduledBackup(dir, 5, day(n));
    expect(await readdir(backupsFolder(dir))).toHaveLength(2);
  });

  it('copies each backup, 0600, into the copy folder (made 0700), which keeps its newest `keep` too', async () => {
    const dir = await dataDir();
    const copyDir = join(root, `copies-${folders}`, 'nested');
    for (const n of [1, 2, 3]) await runScheduledBackup(dir, 2, day(n), { copyDir });
    const copies = (await readdir(copyDir)).sort();
    expect(copies).toEqual([
      'annie-2026-11-02T03-04-05-678Z.backup',
      'annie-2026-11-03T03-04-05-678Z.backup',
    ]);
    expect(await readFile(join(copyDir, copies[1] ?? ''), 'utf8')).toBe(`dump of ${dir}`);
    expect(await modeOf(join(copyDir, copies[1] ?? ''))).toBe(0o600);
    expect(await modeOf(copyDir)).toBe(0o700);
  });

  it('notes a failure beside the backups (0600) and throws it; the next success clears the note', async () => {
    const dir = await dataDir();
    await runScheduledBackup(dir, 2, day(1));
    dump.failure = new Error('disk full');
    await expect(runScheduledBackup(dir, 2, day(2))).rejects.toThrow('disk full');
    const note = join(backupsFolder(dir), 'last-failure.json');
    expect(JSON.parse(await readFile(note, 'utf8'))).toEqual({
      at: day(2).toISOString(),
      message: 'disk full',
    });
    expect(await modeOf(note)).toBe(0o600);
    // A failed run removes no older backup.
    expect(await readdir(backupsFolder(dir))).toContain('annie-2026-11-01T03-04-05-678Z.backup');

    dump.failure = 'not an Error';
    await expect(runScheduledBackup(dir, 2, day(3))).rejects.toBe('not an Error');
    expect(JSON.parse(await readFile(note, 'utf8')).message).toBe('not an Error');

    dump.failure = undefined;
    await runScheduledBackup(dir, 2, day(4));
    expect(existsSync(note)).toBe(false);
  });

  it('notes a failed copy as a failure too', async () => {
    const dir = await dataDir();
    const blocked = join(root, `blocked-${folders}`);
    await writeFile(blocked, 'a file where the copy folder should be');
    await expect(runScheduledBackup(dir, 2, day(5), { copyDir: blocked })).rejects.toThrow();
    expect((await backupStatus(dir)).failure?.at).toEqual(day(5));
  });
});

describe('backupStatus', () => {
  it('says nothing for a data folder that never had a backup', async () => {
    expect(await backupStatus(await dataDir())).toEqual({});
  });

  it('names the newest backup by name, with its time and size, and a failure noted since', async () => {
    const dir = await dataDir();
    for (const n of [2, 3, 1]) await runScheduledBackup(dir, 5, day(n));
    await writeFile(join(backupsFolder(dir), 'annie-zzz.backup'), 'not one of ours');
    const newest = join(backupsFolder(dir), 'annie-2026-11-03T03-04-05-678Z.backup');
    const info = await stat(newest);
    expect(await backupStatus(dir)).toEqual({ last: { file: newest, at: info.mtime, bytes: info.size } });

    dump.failure = new Error('no space');
    await runScheduledBackup(dir, 5, day(4)).catch(() => undefined);
    expect(await backupStatus(dir)).toEqual({
      last: { file: newest, at: info.mtime, bytes: info.size },
      failure: { at: day(4), message: 'no space' },
    });
  });

  it('reports a failure even when no backup was ever written', async () => {
    const dir = await dataDir();
    dump.failure = new Error('no cluster');
    await runScheduledBackup(dir, 5, day(6)).catch(() => undefined);
    expect(await backupStatus(dir)).toEqual({ failure: { at: day(6), message: 'no cluster' } });
  });
});

describe('backupSchedule', () => {
  const lines: {
    level: number;
    msg: string;
    file?: string;
    day?: string;
    retriesLeft?: number;
    err?: unknown;
  }[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  const context = (retriesLeft: number) => ({ signal: new AbortController().signal, retriesLeft });

  it('runs once a day, tried twice more 5 then 10 minutes later, and is taken as dead after an hour', () => {
    const schedule = backupSchedule({ logger, backup: async () => 'file' });
    expect(BACKUP_PERIOD_MS).toBe(86_400_000);
    expect(schedule.name).toBe('embedded-backup');
    expect(schedule.every).toBe(BACKUP_PERIOD_MS);
    expect(schedule.queue.policy({} as never)).toEqual({
      retryLimit: 2,
      retryDelay: 300,
      retryBackoff: true,
      retryDelayMax: 600,
      expireInSeconds: 3_600,
    });
  });

  it('logs the file written, with the day', async () => {
    lines.length = 0;
    const schedule = backupSchedule({
      logger,
      backup: async () => '/data/backups/a.backup',
      today: () => '2026-11-27',
    });
    await schedule.run(context(2));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'scheduled backup written',
        file: '/data/backups/a.backup',
        day: '2026-11-27',
      }),
    ]);
  });

  it('logs a failure as an error, with the retries left, and throws it on', async () => {
    lines.length = 0;
    const failure = new Error('pg_dump died');
    const schedule = backupSchedule({ logger, backup: () => Promise.reject(failure) });
    await expect(schedule.run(context(1))).rejects.toBe(failure);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        msg: expect.stringMatching(/^SCHEDULED BACKUP FAILED/),
        day: new Date().toISOString().slice(0, 10),
        retriesLeft: 1,
        err: expect.objectContaining({ message: 'pg_dump died' }),
      }),
    ]);
  });
});
