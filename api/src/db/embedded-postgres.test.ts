import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedUrl, startEmbeddedPostgres } from './embedded-postgres.ts';

// mkdtemp makes the folder private (0700): as root, the server's `postgres` account cannot enter it.
const dataDir = await mkdtemp(join(tmpdir(), 'annie-embedded-'));
const port = 55_000 + (process.pid % 1_000);
const first = await startEmbeddedPostgres({ dataDir, port, database: 'annie_embedded_test' });

afterAll(async () => {
  await first.stop();
  await rm(dataDir, { recursive: true, force: true });
  if (first.layout.relocatedBecause) await rm(first.layout.clusterDir, { recursive: true, force: true });
});

async function selectOne(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('select 1 as one')).rows[0]?.one ?? 0;
  } finally {
    await client.end();
  }
}

async function refusal(url: string): Promise<string | undefined> {
  return selectOne(url).then(
    () => undefined,
    (error: { code?: string }) => error.code,
  );
}

describe('embedded PostgreSQL', () => {
  it('starts a real server with the database in the given folder', async () => {
    expect(await selectOne(first.url)).toBe(1);
  });

  it.runIf(process.getuid?.() === 0)(
    'as root with a data folder the postgres account cannot enter, keeps the cluster in a folder of that account',
    async () => {
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      expect(first.layout.clusterDir.startsWith('/var/lib/annie/clusters/')).toBe(true);
      expect((await stat(first.layout.clusterDir)).uid).toBe(first.layout.runAs?.uid);
      expect((await stat(first.layout.clusterDir)).mode & 0o777).toBe(0o700);
    },
  );

  it('answers only to the password generated into the data folder (0600), not postgres/postgres', async () => {
    const file = join(dataDir, 'postgres-password');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await refusal(embeddedUrl('postgres', port, 'annie_embedded_test'))).toBe('28P01');
  });

  it('reuses the running server for the same folder (an operator command beside a running app)', async () => {
    const second = await startEmbeddedPostgres({ dataDir, port, database: 'annie_embedded_test' });
    expect(second.url).toBe(first.url);
    await second.stop();
    expect(await selectOne(first.url)).toBe(1);
  });
});

describe('a data folder from before the generated password', () => {
  it('keeps working: its cluster moves from postgres/postgres to a generated password once', async () => {
    const legacyDir = await mkdtemp(join(tmpdir(), 'annie-embedded-legacy-'));
    const legacyPort = port + 1;
    let db = await startEmbeddedPostgres({ dataDir: legacyDir, port: legacyPort, database: 'kept' });
    try {
      // What a cluster of the earlier releases looks like: the well-known password, no password file.
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await client.query(`alter role postgres password 'postgres'`);
      await client.query('create table marker (id int)');
      await client.end();
      await db.stop();
      await unlink(join(legacyDir, 'postgres-password'));

      db = await startEmbeddedPostgres({ dataDir: legacyDir, port: legacyPort, database: 'kept' });
      expect(existsSync(join(legacyDir, 'postgres-password'))).toBe(true);
      expect(db.url).not.toContain(':postgres@');
      expect(await refusal(embeddedUrl('postgres', legacyPort, 'kept'))).toBe('28P01');
      const after = new pg.Client({ connectionString: db.url });
      await after.connect();
      expect((await after.query('select count(*)::int as n from marker')).rows[0]?.n).toBe(0);
      await after.end();
    } finally {
      await db.stop();
      await rm(legacyDir, { recursive: true, force: true });
      if (db.layout.relocatedBecause) await rm(db.layout.clusterDir, { recursive: true, force: true });
    }
  });
});
