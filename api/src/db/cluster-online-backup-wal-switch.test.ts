import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli, startCli } from '../../test/annie-cli.ts';
import { MAGIC } from './cluster-archive.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres.ts';

// An online backup whose WAL spans a segment switch: replay needs every segment from the backup's
// start to its end, or the restored cluster cannot reach a consistent state.
const folder = await mkdtemp(join(tmpdir(), 'annie-wal-switch-backup-'));
// Another port range than cluster-backup.test.ts, which may run at the same time.
const port = 57_000 + (process.pid % 1_000);
const started: EmbeddedDatabase[] = [];
const WAL_SEGMENT = /^pg_wal\/[0-9A-F]{24}$/;

afterAll(async () => {
  for (const db of started) await db.stop().catch(() => {});
  for (const db of started) {
    if (db.layout.clusterDir.startsWith('/var/lib/annie/')) {
      await rm(db.layout.clusterDir, { recursive: true, force: true });
      await rm(`${db.layout.clusterDir}.owner.json`, { force: true });
    }
  }
  await rm(folder, { recursive: true, force: true });
});

/** The CLI's environment on the embedded database of `where`. */
function embeddedEnv(where: { dataDir: string; port: number }): NodeJS.ProcessEnv {
  return cliEnv({ DATA_DIR: where.dataDir, EMBEDDED_PG_PORT: String(where.port), DATABASE_URL: undefined });
}

async function start(where: { dataDir: string; port: number }): Promise<EmbeddedDatabase> {
  const db = await startEmbeddedPostgres(where);
  started.push(db);
  return db;
}

/** The WAL segments a backup file holds (the archive: magic, then length-prefixed JSON headers and bytes). */
async function walSegmentsIn(file: string): Promise<string[]> {
  const bytes = gunzipSync(await readFile(file));
  const segments: string[] = [];
  let at = Buffer.byteLength(MAGIC);
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const header = JSON.parse(bytes.subarray(at + 4, at + 4 + length).toString()) as {
      path: string;
      size: number;
    };
    if (WAL_SEGMENT.test(header.path)) segments.push(header.path);
    at += 4 + length + header.size;
  }
  return segments;
}

/** Resolves once the backup's session has run pg_backup_start: from then on the data files are copied. */
async function backupStarted(client: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ started: boolean }>(
      `select exists (select 1 from pg_stat_activity where application_name = 'annie-backup'
         and state = 'idle' and query like 'select pg_backup_start%') as started`,
    );
    if (rows[0]?.started) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('db:backup of the running embedded database across a WAL segment switch', {
  timeout: 300_000,
}, () => {
  it('keeps every segment from start to end: the restored cluster starts and has every acknowledged row', async () => {
    const source = { dataDir: join(folder, 'source', '.data'), port };
    const db = await start(source);
    const writer = new pg.Client({ connectionString: db.url });
    await writer.connect();
    await writer.query('create table written (id int primary key)');
    let acked = 0;
    let writing = true;
    const written = (async () => {
      while (writing) {
        await writer.query('insert into written values ($1)', [acked + 1]);
        acked += 1;
      }
    })();
    const watcher = new pg.Client({ connectionString: db.url });
    await watcher.connect();
    const file = join(folder, 'online.backup');
    let ackedBeforeEnd = -1;
    const child = startCli(['db:backup', file], embeddedEnv(source));
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (ackedBeforeEnd < 0 && stdout.includes('copying the WAL written meanwhile')) ackedBeforeEnd = acked;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    // While the files are copied, the server moves on to new WAL segments (the writer keeps each non-empty).
    await backupStarted(watcher);
    for (let switches = 0; switches < 3; switches += 1) {
      await watcher.query('select pg_switch_wal()');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const status = await exited;
    writing = false;
    await written;
    await writer.end();
    await watcher.end();
    await db.stop();
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toContain('Backed up the running embedded database');
    expect((await walSegmentsIn(file)).length).toBeGreaterThan(1);

    const fresh = { dataDir: join(folder, 'fresh', '.data'), port: port + 1 };
    const restore = runCli(['db:restore', file], embeddedEnv(fresh));
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    const restored = await start(fresh);
    const reader = new pg.Client({ connectionString: restored.url });
    await reader.connect();
    try {
      const { rows } = await reader.query<{ id: number }>('select id from written order by id');
      const ids = rows.map((row) => row.id);
      expect(ids.length).toBeGreaterThanOrEqual(ackedBeforeEnd);
      expect(ids).toEqual(Array.from({ length: ids.length }, (_, index) => index + 1));
      expect((await reader.query('select pg_is_in_recovery() as r')).rows[0]?.r).toBe(false);
    } finally {
      await reader.end();
      await restored.stop();
    }
  });
});
