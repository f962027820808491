import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../../test/annie-cli.ts';
import { startTestApp } from '../../test/test-app.ts';
import { createTestDatabase } from '../../test/test-database.ts';

const app = await startTestApp();
const folder = await mkdtemp(join(tmpdir(), 'annie-backup-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

function annie(databaseUrl: string, ...args: string[]) {
  return runCli(args, cliEnv({ DATABASE_URL: databaseUrl }));
}

/** What the product keeps, as rows: users, notes, facts with versions, sessions, lab jobs. */
async function snapshot(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = async (sql: string) => (await client.query(sql)).rows;
    return {
      users: await rows('select id, tenant_id, username, password_hash, is_admin from app_user order by id'),
      notes: await rows('select id, tenant_id, title, body, tags from knowledge_note order by id'),
      facts: await rows('select id, key, value from knowledge_fact order by id'),
      versions: await rows('select id, fact_id, version from knowledge_fact_version order by id'),
      sessions: await rows('select id, user_id from http_session order by id'),
      migrations: await rows('select name from mikro_orm_migrations order by id'),
    };
  } finally {
    await client.end();
  }
}

const user = await app.createUser();
const client = await app.signedIn(user);
for (const title of ['Board meeting', 'Lab supplier']) {
  await client.post('/api/knowledge/notes', { title, body: `${title} — détails ✓`, tags: ['q4'] });
}
expect(
  (await client.post('/api/knowledge/facts', { key: 'ceo.name', value: { name: 'Annie' } })).status,
).toBe(201);

describe('db:backup and db:restore', () => {
  it('round-trips the database: a restore undoes later changes, and fills an empty database', async () => {
    const before = await snapshot(app.databaseUrl);
    expect(before.notes).toHaveLength(2);
    const file = join(folder, 'annie.dump');

    const backup = annie(app.databaseUrl, 'db:backup', file);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`Backed up the database to ${file}`);

    const notes = (await client.get('/api/knowledge/notes')).body as { id: string }[];
    await client.delete(`/api/knowledge/notes/${notes[0]?.id}`);
    await client.post('/api/knowledge/notes', { title: 'Written after the backup', body: 'b' });
    expect(await snapshot(app.databaseUrl)).not.toEqual(before);

    const restore = annie(app.databaseUrl, 'db:restore', file);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(await snapshot(app.databaseUrl)).toEqual(before);

    const empty = await createTestDatabase({ empty: true });
    afterAll(() => empty.drop());
    expect(annie(empty.url, 'db:restore', file).status).toBe(0);
    expect(await snapshot(empty.url)).toEqual(before);
  });

  it('refuses a missing file and a missing argument with the reason', () => {
    const missing = annie(app.databaseUrl, 'db:restore', join(folder, 'nope.dump'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/nope\.dump/);
    const noFile = annie(app.databaseUrl, 'db:backup');
    expect(noFile.status).toBe(2);
    expect(noFile.stderr).toContain('db:backup needs one FILE');
  });
});
