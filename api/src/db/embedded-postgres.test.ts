import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'annie-embedded-'));
// mkdtemp makes the folder private; as root, initdb runs as the `postgres` user, who must reach it.
await chmod(dataDir, 0o755);
const port = 55_000 + (process.pid % 1_000);
const first = await startEmbeddedPostgres({ dataDir, port, database: 'annie_embedded_test' });

afterAll(async () => {
  await first.stop();
  await rm(dataDir, { recursive: true, force: true });
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

describe('embedded PostgreSQL', () => {
  it('starts a real server with the database in the given folder', async () => {
    expect(await selectOne(first.url)).toBe(1);
  });

  it('reuses the running server for the same folder (an operator command beside a running app)', async () => {
    const second = await startEmbeddedPostgres({ dataDir, port, database: 'annie_embedded_test' });
    expect(second.url).toBe(first.url);
    await second.stop();
    expect(await selectOne(first.url)).toBe(1);
  });
});
