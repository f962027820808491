import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, cliEnv, runCli, startCli } from '../../test/annie-cli.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres.ts';

// The embedded database of a fresh install: no DATABASE_URL, no PostgreSQL client tools needed.
const folder = await mkdtemp(join(tmpdir(), 'annie-cluster-backup-'));
const dataDir = join(folder, '.data');
const port = 56_000 + (process.pid % 1_000);
let clusterDir = '';
const relocated = new Set<string>();

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  for (const dir of relocated) {
    await rm(dir, { recursive: true, force: true });
    await rm(`${dir}.owner.json`, { force: true });
  }
});

/** The CLI's environment on the embedded database of `where`. */
function embeddedEnv(where = { dataDir, port }): NodeJS.ProcessEnv {
  return cliEnv({ DATA_DIR: where.dataDir, EMBEDDED_PG_PORT: String(where.port), DATABASE_URL: undefined });
}

const annie = (...args: string[]) => runCli(args, embeddedEnv());

async function started(where: { dataDir: string; port: number }): Promise<EmbeddedDatabase> {
  const db = await startEmbeddedPostgres(where);
  if (db.layout.clusterDir.startsWith('/var/lib/annie/')) relocated.add(db.layout.clusterDir);
  return db;
}

/** Runs `work` against the embedded database, started for it and stopped afterwards. */
async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const db = await started({ dataDir, port });
  clusterDir = db.layout.clusterDir;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
    await db.stop();
  }
}

const notes = (client: pg.Client) =>
  client.query('select title from note order by title').then(({ rows }) => rows.map((row) => row.title));

// Each CLI run loads the app's code in a process of its own, and a restore runs the server once in
// single-user mode: minutes on a busy machine.
describe('db:backup and db:restore on the embedded database', { timeout: 300_000 }, () => {
  it('a backup taken with the database stopped brings the data back after later changes', async () => {
    await withDatabase(async (client) => {
      await client.query('create table note (title text)');
      await client.query(`insert into note values ('Board meeting'), ('Lab supplier — détails ✓')`);
    });
    const file = join(folder, 'annie.backup');
    const backup = annie('db:backup', file);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`to ${file}`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    await withDatabase(async (client) => {
      await client.query(`delete from note where title = 'Board meeting'`);
      await client.query(`insert into note values ('Written after the backup')`);
    });

    const restore = annie('db:restore', file);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(await withDatabase(notes)).toEqual(['Board meeting', 'Lab supplier — détails ✓']);
  });

  it('refuses a restore while the database runs, and a file that is not such a backup, saying why', async () => {
    const file = join(folder, 'annie.backup');
    const refused = await withDatabase(async () => annie('db:restore', file));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/embedded database is running .*stop AnnieAI/);

    const notABackup = annie('db:restore', CLI);
    expect(notABackup.status).toBe(1);
    expect(notABackup.stderr).toMatch(/is not a backup of the embedded database/);
    expect(await withDatabase(notes)).toEqual(['Board meeting', 'Lab supplier — détails ✓']);
  });

  it('a backup cut short changes nothing', async () => {
    const whole = await readFile(join(folder, 'annie.backup'));
    const cut = join(folder, 'cut.backup');
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const restore = annie('db:restore', cut);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toMatch(/cut short/);
    expect(await withDatabase(notes)).toEqual(['Board meeting', 'Lab supplier — détails ✓']);
  });

  it('an archive entry that climbs out of the cluster folder is refused and nothing is written', async () => {
    const entry = (path: string, bytes: Buffer) => {
      const header = Buffer.from(JSON.stringify({ path, type: 'file', mode: 0o600, size: bytes.length }));
      const length = Buffer.alloc(4);
      length.writeUInt32BE(header.length);
      return Buffer.concat([length, header, bytes]);
    };
    const hostile = join(folder, 'hostile.backup');
    await writeFile(
      hostile,
      gzipSync(Buffer.concat([Buffer.from('ANNIE-PGDATA-1\n'), entry('../escaped', Buffer.from('owned'))])),
    );
    const restore = annie('db:restore', hostile);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toMatch(/unexpected path: \.\.\/escaped/);
    expect(existsSync(join(dirname(clusterDir), 'escaped'))).toBe(false);
    expect(await withDatabase(notes)).toEqual(['Board meeting', 'Lab supplier — détails ✓']);
  });
});

describe('db:backup while the embedded database runs', { timeout: 300_000 }, () => {
  it('keeps every row acknowledged before the backup ends; the restored cluster starts clean', async () => {
    const db = await started({ dataDir, port });
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
    const file = join(folder, 'online.backup');
    let ackedBeforeEnd = -1;
    let ackedBeforeStart = -1;
    const result = await new Promise<{ status: number | null; stderr: string; stdout: string }>((done) => {
      ackedBeforeStart = acked;
      const child = startCli(['db:backup', file], embeddedEnv());
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        // The backup's end: from here on the WAL is copied, and every commit so far is in it.
        if (ackedBeforeEnd < 0 && stdout.includes('copying the WAL written meanwhile'))
          ackedBeforeEnd = acked;
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.once('exit', (status) => done({ status, stderr, stdout }));
    });
    writing = false;
    await written;
    await writer.end();
    await db.stop();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Backed up the running embedded database');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // Rows were written while the files were being copied, so only the WAL can hold some of them.
    expect(ackedBeforeEnd).toBeGreaterThan(ackedBeforeStart);

    const fresh = { dataDir: join(folder, 'fresh', '.data'), port: port + 1 };
    const restore = runCli(['db:restore', file], embeddedEnv(fresh));
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    const restored = await started(fresh);
    const reader = new pg.Client({ connectionString: restored.url });
    await reader.connect();
    try {
      const { rows } = await reader.query<{ id: number }>('select id from written order by id');
      const ids = rows.map((row) => row.id);
      // Every row acknowledged before the end, and no hole: a consistent state of the database.
      expect(ids.length).toBeGreaterThanOrEqual(ackedBeforeEnd);
      expect(ids).toEqual(Array.from({ length: ids.length }, (_, index) => index + 1));
      expect((await reader.query('select pg_is_in_recovery() as r')).rows[0]?.r).toBe(false);
      expect((await reader.query('select count(*)::int as n from pg_replication_slots')).rows[0]?.n).toBe(0);
      expect(await notes(reader)).toEqual(['Board meeting', 'Lab supplier — détails ✓']);
    } finally {
      await reader.end();
      await restored.stop();
    }
  });
});
