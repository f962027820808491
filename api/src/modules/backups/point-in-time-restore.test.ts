import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../../test/api-process.ts';
import { TestClient } from '../../../test/test-client.ts';
import {
  clusterFolder,
  runAsClusterAccount,
  startClusterOn,
  startThrowawayCluster,
  type ThrowawayCluster,
} from '../../../test/throwaway-cluster.ts';
import { checkBackups } from '../doctor/check-backups.ts';
import { eventually } from '../lab/testing/lab-test-helpers.ts';

// DATABASE_URL mode as docs/deployment.md "Backups" sets it up: WAL archived continuously by pgBackRest's
// archive_command, a base backup, then a point-in-time restore into a fresh cluster that the API runs on.
const STANZA = 'annie';
const home = await clusterFolder('annie-pgbackrest-');
const conf = join(home, 'pgbackrest.conf');
const cluster = await startThrowawayCluster({
  wal_level: 'replica',
  archive_mode: 'on',
  archive_command: `pgbackrest --config=${conf} --stanza=${STANZA} archive-push %p`,
});
const cleanup: (() => Promise<void>)[] = [() => cluster.stop()];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => {});
  await runAsClusterAccount('rm', ['-rf', home]);
});

/** The repository's settings, and how to reach the cluster it backs up (its socket, as its account). */
async function writeConfig(target: ThrowawayCluster): Promise<void> {
  await writeFile(
    conf,
    [
      '[global]',
      `repo1-path=${join(home, 'repo')}`,
      'repo1-retention-full=2',
      `lock-path=${join(home, 'lock')}`,
      `log-path=${join(home, 'log')}`,
      'log-level-file=off',
      'log-level-console=warn',
      'start-fast=y',
      `[${STANZA}]`,
      `pg1-path=${target.dataDir}`,
      `pg1-port=${target.port}`,
      `pg1-socket-path=${target.socketDir}`,
      'pg1-user=annie',
      '',
    ].join('\n'),
  );
}
const pgbackrest = (...args: string[]) =>
  runAsClusterAccount('pgbackrest', [`--config=${conf}`, `--stanza=${STANZA}`, ...args]);

const PASSWORD = 'point-in-time-admin';
const apiEnv = (target: ThrowawayCluster) => ({
  DATABASE_URL: target.url('annie'),
  SESSION_SECRET: 'point-in-time-secret-0123456789abcdef',
  ANNIE_ADMIN_PASSWORD: PASSWORD,
});

async function signedIn(api: ApiProcess): Promise<TestClient> {
  const client = new TestClient(api.baseUrl);
  const response = await client.post('/api/login', { username: 'admin', password: PASSWORD });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return client;
}

async function stopApi(api: ApiProcess): Promise<void> {
  api.child.kill('SIGTERM');
  await api.exited;
}

const profileNames = async (client: TestClient) =>
  JSON.stringify((await client.get('/api/voice/profiles')).body);

describe('backups with DATABASE_URL: pgBackRest', () => {
  it('restores to a point in time into a fresh cluster, which the API then runs on', async () => {
    await writeConfig(cluster);
    await pgbackrest('stanza-create');
    await pgbackrest('check');
    await pgbackrest('--type=full', 'backup');

    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('create database annie');
    await admin.end();
    const api = await startApiProcess(['api/src/main.ts'], apiEnv(cluster));
    const db = new pg.Client({ connectionString: cluster.url('annie') });
    await db.connect();
    let target: string;
    try {
      const client = await signedIn(api);
      expect((await client.post('/api/voice/profiles', { name: 'Kept', instructions: 'Hi.' })).status).toBe(
        201,
      );
      target = (await db.query<{ now: string }>('select clock_timestamp()::text as now')).rows[0]?.now ?? '';
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(
        (await client.post('/api/voice/profiles', { name: 'Too late', instructions: 'Hi.' })).status,
      ).toBe(201);
      // The segment holding the second write is archived (recovery must see past the target).
      const { rows } = await db.query<{ segment: string }>(
        'select pg_walfile_name(pg_switch_wal()) as segment',
      );
      const segment = rows[0]?.segment ?? '';
      await eventually(async () => {
        const archived = await db.query<{ wal: string | null }>(
          'select last_archived_wal as wal from pg_stat_archiver',
        );
        return (archived.rows[0]?.wal ?? '') >= segment ? true : undefined;
      }, 30_000);
    } finally {
      await db.end();
      await stopApi(api);
    }

    // The doctor's answer comes from pgBackRest's repository, not from DATA_DIR.
    const report = await checkBackups({
      DATABASE_URL: cluster.url('annie'),
      DATA_DIR: '/nonexistent',
      BACKUP_KEEP: 7,
      PGBACKREST_STANZA: STANZA,
      PGBACKREST_CONFIG: conf,
    });
    expect(report).toMatchObject({ ok: true });
    expect(Date.now() - Date.parse(report?.lastAt ?? '')).toBeLessThan(5 * 60_000);
    expect(report?.detail).toMatch(/last full backup .* WAL archived up to [0-9A-F]{24}/);

    // The primary is lost; a fresh cluster is restored from the repository to the target time.
    await cluster.halt();
    const freshDir = await clusterFolder('annie-restored-');
    const freshData = join(freshDir, 'data');
    await runAsClusterAccount('mkdir', ['-m', '700', freshData]);
    await pgbackrest(
      `--pg1-path=${freshData}`,
      '--type=time',
      `--target=${target}`,
      '--target-action=promote',
      'restore',
    );
    // The restored copy must not archive into the original's repository.
    const restored = await startClusterOn(freshDir, freshData, { archive_mode: 'off' });
    cleanup.push(() => restored.stop());
    // Connections are accepted once the backup is consistent, before the archive is replayed: wait on `postgres`.
    const check = new pg.Client({ connectionString: restored.url() });
    await check.connect();
    await eventually(async () => {
      const { rows } = await check.query<{ recovering: boolean }>('select pg_is_in_recovery() as recovering');
      return rows[0]?.recovering === false ? true : undefined;
    }, 30_000);
    await check.end();

    const again = await startApiProcess(['api/src/main.ts'], apiEnv(restored));
    try {
      expect((await fetch(`${again.baseUrl}/readyz`)).status).toBe(200);
      const client = await signedIn(again);
      const names = await profileNames(client);
      expect(names).toContain('Kept');
      expect(names).not.toContain('Too late');
      expect(
        (await client.post('/api/voice/profiles', { name: 'After restore', instructions: 'Hi.' })).status,
      ).toBe(201);
    } finally {
      await stopApi(again);
    }
  }, 120_000);

  it('without a backup tool configured, the doctor says DATABASE_URL is not backed up and how to fix it', async () => {
    const report = await checkBackups({
      DATABASE_URL: cluster.url('annie'),
      DATA_DIR: '/nonexistent',
      BACKUP_KEEP: 7,
    });
    expect(report).toMatchObject({ ok: false, lastAt: null });
    expect(report?.detail).toContain('PGBACKREST_STANZA');
  });
});
