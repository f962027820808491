// Backups of the embedded database, as `npm run annie -- db:backup` takes them while the app runs
// (PostgreSQL's base backup API), and restores into a fresh data folder: the time and size of a backup of
// the sandbox's seeded database and of one holding 100,000 messages, and the time to restore and start it.
import { spawn, spawnSync } from 'node:child_process';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '@annie/api/src/config/env.ts';
import { startEmbeddedPostgres } from '@annie/api/src/db/embedded-postgres.ts';
import { ensureFirstAdmin } from '@annie/api/src/modules/users/index.ts';
import { ormSchema } from '@annie/api/src/modules.ts';
import { openDatabase } from '@annie/api/src/runtime.ts';
import pg from 'pg';
import { waitUntilReady } from '../lib/load.ts';
import { seedMessaging } from '../lib/messaging-seed.ts';
import { ROOT } from '../lib/root.ts';
import { benchOptions } from './benchmarks.ts';

const OPTIONS = benchOptions('backup', {
  quick: { type: 'boolean', help: 'the sandbox seed only (no 100,000-message database)' },
});
const FOLDER = join(ROOT, '.data/bench-backup');
const APP_PORT = 4183;
const PG_PORT = 54_349;

function cliEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) };
  delete env.DATABASE_URL;
  env.LOG_LEVEL = 'silent';
  return env;
}

/** Runs an operator command and returns how long it took, in ms. */
function timed(env: NodeJS.ProcessEnv, args: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['api/src/cli.ts', ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`annie ${args.join(' ')} failed: ${result.stderr}`);
  return performance.now() - started;
}

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

/** Backs up the running database of `dataDir`, restores it into a fresh folder, starts it, counts `table`. */
async function measure(label: string, dataDir: string, table: string): Promise<void> {
  const file = join(FOLDER, `${label}.backup`);
  const backupMs = timed(cliEnv(dataDir, PG_PORT), ['db:backup', file]);
  const { size } = await stat(file);
  const fresh = join(FOLDER, `${label}-restored`);
  const restoreMs = timed(cliEnv(fresh, PG_PORT + 1), ['db:restore', file]);
  const started = performance.now();
  const restored = await startEmbeddedPostgres({ dataDir: fresh, port: PG_PORT + 1 });
  const startMs = performance.now() - started;
  const client = new pg.Client({ connectionString: restored.url });
  await client.connect();
  const rows = (await client.query(`select count(*)::int as n from ${table}`)).rows[0]?.n as number;
  await client.end();
  await restored.stop();
  console.log(
    `${label}: backup ${Math.round(backupMs)} ms, ${mib(size)}; restore ${Math.round(restoreMs)} ms + first start (WAL replay) ${Math.round(startMs)} ms; ${rows} ${table} rows back`,
  );
}

/** The sandbox with its sample data, as `npm run sandbox -- --seed` makes it, running while it is backed up. */
async function sandboxSeed(): Promise<void> {
  const dataDir = join(FOLDER, 'sandbox');
  const env = {
    ...cliEnv(dataDir, PG_PORT),
    ANNIE_SANDBOX: 'true',
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
  };
  const child = spawn(process.execPath, ['api/src/main.ts', '--seed'], { cwd: ROOT, env, stdio: 'ignore' });
  try {
    await waitUntilReady(APP_PORT, '/readyz', child);
    await measure('sandbox seed', dataDir, 'sms_message');
  } finally {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
}

/** 2,000 threads of 50 messages in the embedded database, running (in this process) while it is backed up. */
async function messagesSeed(): Promise<void> {
  const dataDir = join(FOLDER, 'messages');
  const runtime = await openDatabase(loadConfig(cliEnv(dataDir, PG_PORT)), ormSchema);
  try {
    await ensureFirstAdmin(runtime.orm.em.fork(), 'bench-backup-admin', () => {});
    const client = new pg.Client({ connectionString: runtime.databaseUrl });
    await client.connect();
    await seedMessaging(client, {
      tenant: 'default',
      contacts: 2_000,
      threads: 2_000,
      messagesPerThread: 50,
    });
    await client.end();
    await measure('100,000 messages', dataDir, 'sms_message');
  } finally {
    await runtime.close();
  }
}

await rm(FOLDER, { recursive: true, force: true });
try {
  await sandboxSeed();
  if (!OPTIONS.quick) await messagesSeed();
} finally {
  await rm(FOLDER, { recursive: true, force: true });
}
