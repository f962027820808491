import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedUrl, startEmbeddedPostgres } from './embedded-postgres.ts';

// The app's secrets, as a configured install has them in its environment when the server starts.
const SECRETS = {
  OPENAI_API_KEY: 'sk-embedded-env-test-openai',
  TWILIO_AUTH_TOKEN: 'twilio-embedded-env-test-token',
  GOOGLE_TOKEN_KEY: 'Z29vZ2xlLWVtYmVkZGVkLWVudi10ZXN0LWtleS0zMmI=',
  SESSION_SECRET: 'session-embedded-env-test-secret-0123456789',
};
Object.assign(process.env, SECRETS);

// mkdtemp makes the folder private (0700): as root, the server's `postgres` account cannot enter it.
const dataDir = await mkdtemp(join(tmpdir(), 'annie-embedded-'));
const port = 55_000 + (process.pid % 1_000);
const first = await startEmbeddedPostgres({ dataDir, port, database: 'annie_embedded_test' });
for (const name of Object.keys(SECRETS)) delete process.env[name];

afterAll(async () => {
  await first.stop();
  await rm(dataDir, { recursive: true, force: true });
  if (first.layout.relocatedBecause) {
    await rm(first.layout.clusterDir, { recursive: true, force: true });
    await rm(`${first.layout.clusterDir}.owner.json`, { force: true });
  }
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
    expect(await refusal(embeddedUrl('postgres', first.layout.clusterDir, port, 'annie_embedded_test'))).toBe(
      '28P01',
    );
  });

  it('listens on no TCP port: the socket in the cluster folder is the only way in', async () => {
    expect(decodeURIComponent(new URL(first.url).hostname)).toBe(first.layout.clusterDir);
    const tcp = await new Promise<string>((done) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => done('connected'));
      socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'));
    });
    expect(tcp).toBe('ECONNREFUSED');
  });

  it('runs the server with none of the app secrets in its environment', async () => {
    const pid = Number(
      (await readFile(join(first.layout.clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    const environ = await readFile(`/proc/${pid}/environ`, 'utf8');
    // The server's own environment was read (not some other process's).
    expect(environ.split('\0')).toContain('LC_MESSAGES=C');
    for (const [name, value] of Object.entries(SECRETS)) {
      expect(environ).not.toContain(name);
      expect(environ).not.toContain(value);
    }
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
      expect(await refusal(embeddedUrl('postgres', db.layout.clusterDir, legacyPort, 'kept'))).toBe('28P01');
      const after = new pg.Client({ connectionString: db.url });
      await after.connect();
      expect((await after.query('select count(*)::int as n from marker')).rows[0]?.n).toBe(0);
      await after.end();
    } finally {
      await db.stop();
      await rm(legacyDir, { recursive: true, force: true });
      if (db.layout.relocatedBecause) {
        await rm(db.layout.clusterDir, { recursive: true, force: true });
        await rm(`${db.layout.clusterDir}.owner.json`, { force: true });
      }
    }
  });
});

/**
 * A program of another local user on the embedded port: it answers like PostgreSQL, asks for the
 * password in clear text and keeps whatever it is sent.
 */
async function impostor(onPort: number) {
  const received: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk) => {
      received.push(chunk);
      // AuthenticationCleartextPassword after the startup message.
      if (received.length === 1) socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((done) => server.listen(onPort, '127.0.0.1', done));
  return {
    received: () => Buffer.concat(received).toString('latin1'),
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

describe('a pid file left by a server that was killed', () => {
  it('is not trusted: with another program on the port, start runs its own server and never sends it the password', async () => {
    const staleDir = await mkdtemp(join(tmpdir(), 'annie-embedded-stale-'));
    const stalePort = port + 2;
    let db = await startEmbeddedPostgres({ dataDir: staleDir, port: stalePort, database: 'kept' });
    const pidFile = join(db.layout.clusterDir, 'postmaster.pid');
    const fake = await impostor(stalePort);
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await client.query('create table marker (id int)');
      await client.end();
      const lines = (await readFile(pidFile, 'utf8')).split('\n');
      await db.stop();
      // What a power loss leaves: the pid file, its pid since reused by an unrelated live process.
      await writeFile(pidFile, [String(process.pid), ...lines.slice(1)].join('\n'));

      db = await startEmbeddedPostgres({ dataDir: staleDir, port: stalePort, database: 'kept' });
      const password = (await readFile(join(staleDir, 'postgres-password'), 'utf8')).trim();
      expect(fake.received()).not.toContain(password);
      const after = new pg.Client({ connectionString: db.url });
      await after.connect();
      // Our own database, with what was written before the stop.
      expect((await after.query('select count(*)::int as n from marker')).rows[0]?.n).toBe(0);
      await after.end();
      expect(Number((await readFile(pidFile, 'utf8')).split('\n')[0])).not.toBe(process.pid);
    } finally {
      await fake.close();
      await db.stop();
      await rm(staleDir, { recursive: true, force: true });
      if (db.layout.relocatedBecause) {
        await rm(db.layout.clusterDir, { recursive: true, force: true });
        await rm(`${db.layout.clusterDir}.owner.json`, { force: true });
      }
    }
  });
});
