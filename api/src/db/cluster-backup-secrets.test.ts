import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type CliResult, cliEnv, runCliAsync } from '../../test/annie-cli.ts';
import { startApiProcess } from '../../test/api-process.ts';
import { TestClient } from '../../test/test-client.ts';
import { decryptBackupFile, isEncryptedBackup } from './backup-encryption.ts';
import { MAGIC, PASSWORD_ENTRY } from './cluster-archive.ts';
import { embeddedUrl, startEmbeddedPostgres } from './embedded-postgres.ts';

// Issue 48 item 5: an embedded backup holds no database password, and an encrypted one restores with
// BACKUP_ENCRYPTION_KEY (refused without it) into a cluster that starts and that the app connects to.
// Everything an operator does goes through the CLI (`npm run annie -- db:backup|db:restore FILE`).

const folder = await mkdtemp(join(tmpdir(), 'annie-backup-secrets-'));
const dataDir = join(folder, '.data');
const port = 58_000 + (process.pid % 1_000);
const KEY = 'operator key kept in the password manager';
const ADMIN_PASSWORD = 'backup-secrets-admin-password';
const relocated = new Set<string>();

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  for (const dir of relocated) {
    await rm(dir, { recursive: true, force: true });
    await rm(`${dir}.owner.json`, { force: true });
  }
});

/** `npm run annie -- ARGS` as the operator runs it on this data folder, with the key or without. */
function annie(args: string[], key?: string): Promise<CliResult> {
  const env = cliEnv({
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(port),
    DATABASE_URL: undefined,
    BACKUP_ENCRYPTION_KEY: key || undefined,
  });
  return runCliAsync(args, env);
}

const passwordFile = join(dataDir, 'postgres-password');
const currentPassword = async () => (await readFile(passwordFile, 'utf8')).trim();

/** The archive's bytes as they would be read back: decrypted with the key when encrypted, then gunzipped. */
async function archiveBytes(file: string): Promise<Buffer> {
  let plain = file;
  if (await isEncryptedBackup(file)) {
    plain = `${file}.plain`;
    await decryptBackupFile(file, plain, KEY);
  }
  return gunzipSync(await readFile(plain));
}

async function notes(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ title: string }>('select title from note order by title')).rows.map(
      (row) => row.title,
    );
  } finally {
    await client.end();
  }
}

// Each CLI run loads the app's code in a process of its own: minutes on a busy machine.
describe('embedded backups without the database password', { timeout: 300_000 }, () => {
  it('holds no password of the database role in any archive, running or stopped, encrypted or not', async () => {
    const db = await startEmbeddedPostgres({ dataDir, port });
    if (db.layout.clusterDir.startsWith('/var/lib/annie/')) relocated.add(db.layout.clusterDir);
    const password = await currentPassword();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('create table note (title text)');
    await client.query(`insert into note values ('Board meeting')`);
    await client.end();
    const online = join(folder, 'online-encrypted.backup');
    const onlinePlain = join(folder, 'online.backup');
    try {
      expect(await annie(['db:backup', online], KEY)).toMatchObject({ status: 0, stderr: '' });
      expect(await annie(['db:backup', onlinePlain])).toMatchObject({ status: 0, stderr: '' });
    } finally {
      await db.stop();
    }
    const stopped = join(folder, 'stopped.backup');
    const result = await annie(['db:backup', stopped]);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    expect(result.stdout).toContain('Backed up the stopped embedded database');

    expect(await isEncryptedBackup(online)).toBe(true);
    for (const file of [online, onlinePlain, stopped]) {
      const bytes = await archiveBytes(file);
      // A real archive of the cluster, read back whole…
      expect(bytes.includes(Buffer.from('Board meeting'))).toBe(true);
      // …with neither the password nor the entry that used to carry it.
      expect(bytes.includes(Buffer.from(password))).toBe(false);
      expect(bytes.includes(Buffer.from('postgres-password'))).toBe(false);
    }
  });

  it('restores an encrypted backup only with BACKUP_ENCRYPTION_KEY, under a new password the app starts with', async () => {
    const before = await currentPassword();
    const db = await startEmbeddedPostgres({ dataDir, port });
    const clusterDir = db.layout.clusterDir;
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await client.query(`update note set title = 'Changed after the backup'`);
      await client.end();
    } finally {
      await db.stop();
    }
    const online = join(folder, 'online-encrypted.backup');

    const refused = await annie(['db:restore', online]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with');
    expect(await currentPassword()).toBe(before);

    const restored = await annie(['db:restore', online], KEY);
    expect(restored).toMatchObject({ status: 0, stderr: '' });
    expect(restored.stdout).toContain(`Restored the embedded database from ${online}`);
    const after = await currentPassword();
    expect(after).not.toBe(before);
    expect(after).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // The operator starts AnnieAI: it starts the restored cluster, connects with the new password,
    // migrates and answers; the backup's data is back.
    const api = await startApiProcess(['api/src/main.ts'], {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port),
      ANNIE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    });
    try {
      expect((await fetch(`${api.baseUrl}/readyz`)).status).toBe(200);
      const admin = new TestClient(api.baseUrl);
      expect((await admin.post('/api/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(
        200,
      );
      expect(await notes(embeddedUrl(after, clusterDir, port, 'annie'))).toEqual(['Board meeting']);
      // The password the cluster had before the restore opens it no more.
      await expect(notes(embeddedUrl(before, clusterDir, port, 'annie'))).rejects.toMatchObject({
        code: '28P01',
      });
    } finally {
      api.child.kill('SIGTERM');
      await api.exited;
    }
  });

  it('restores an archive of an earlier version, which carried a password file, under a new password', async () => {
    // The stopped backup of the first test, with the entry earlier versions wrote first.
    const plain = gunzipSync(await readFile(join(folder, 'stopped.backup')));
    const old = 'the-password-an-earlier-archive-carried';
    const header = Buffer.from(
      JSON.stringify({ path: PASSWORD_ENTRY, type: 'file', mode: 0o600, size: old.length }),
    );
    const length = Buffer.alloc(4);
    length.writeUInt32BE(header.length);
    const file = join(folder, 'earlier-version.backup');
    await writeFile(
      file,
      gzipSync(
        Buffer.concat([Buffer.from(MAGIC), length, header, Buffer.from(old), plain.subarray(MAGIC.length)]),
      ),
      { mode: 0o600 },
    );
    expect(await annie(['db:restore', file])).toMatchObject({ status: 0, stderr: '' });
    const password = await currentPassword();
    expect(password).not.toBe(old);
    const db = await startEmbeddedPostgres({ dataDir, port });
    try {
      expect(await notes(db.url)).toEqual(['Board meeting']);
    } finally {
      await db.stop();
    }
  });
});
