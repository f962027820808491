import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

// The embedded database of a fresh install: no DATABASE_URL, no PostgreSQL client tools needed.
const folder = await mkdtemp(join(tmpdir(), 'annie-cluster-backup-'));
const dataDir = join(folder, '.data');
const port = 56_000 + (process.pid % 1_000);
const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
let clusterDir = '';

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  if (clusterDir.startsWith('/var/lib/annie/')) await rm(clusterDir, { recursive: true, force: true });
});

function annie(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, [CLI, ...args], {
    env: { ...env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

/** Runs `work` against the embedded database, started for it and stopped afterwards. */
async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const db = await startEmbeddedPostgres({ dataDir, port });
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

describe('db:backup and db:restore on the embedded database', () => {
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

  it('refuses while the database runs, and a file that is not such a backup, saying why', async () => {
    const file = join(folder, 'while-running.backup');
    const refused = await withDatabase(async () => annie('db:backup', file));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/embedded database is running .*stop AnnieAI/);

    const notABackup = annie('db:restore', CLI);
    expect(notABackup.status).toBe(1);
    expect(notABackup.stderr).toMatch(/is not a backup of the embedded database/);
    expect(await withDatabase(notes)).toEqual(['Board meeting', 'Lab supplier — détails ✓']);
  });
});
