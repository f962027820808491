import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AppConfig, ConfigError } from './config/env.ts';
import { behindPooler, checkConnectionBudget } from './db/connection-budget.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { createOrm, migrate, type Orm, type OrmSchema } from './db/orm.ts';
import { createPool, type Pool } from './db/pool.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export type Runtime = {
  orm: Orm;
  pool: Pool;
  databaseUrl: string;
  /** The embedded database's line for the start account (where its files are), when it is the one used. */
  embeddedDatabase?: string;
  close: () => Promise<void>;
};

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL, and applies the schema's migrations. */
export async function openDatabase(config: AppConfig, schema: OrmSchema): Promise<Runtime> {
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: resolve(REPO_ROOT, config.DATA_DIR),
        port: config.EMBEDDED_PG_PORT,
      });
  const databaseUrl = config.DATABASE_URL ?? embedded?.url ?? '';
  const directUrl = config.DATABASE_DIRECT_URL ?? databaseUrl;
  if (config.DATABASE_URL) await checkConnectionBudget(config, directUrl);
  if (behindPooler(config)) await migrateDirectly(directUrl, schema, config.MIGRATION_LOCK_TIMEOUT_MS);
  const pool = createPool(databaseUrl, { max: config.DB_POOL_MAX });
  const orm = await createOrm(databaseUrl, schema, { pool });
  if (!behindPooler(config)) await migrate(orm, { lockTimeoutMs: config.MIGRATION_LOCK_TIMEOUT_MS });
  return {
    orm,
    pool,
    databaseUrl,
    embeddedDatabase:
      embedded &&
      `Database: embedded PostgreSQL in ${embedded.layout.clusterDir}` +
        (embedded.layout.relocatedBecause
          ? ` (${embedded.layout.relocatedBecause}; list or remove such clusters with npm run annie -- db:clusters list|remove ID)`
          : ''),
    close: async () => {
      await orm.close();
      await pool.end();
      await embedded?.stop();
    },
  };
}

/**
 * Behind a pooler, migrations run on a direct connection of their own (DDL and the migrator's
 * bookkeeping stay off the pooler), then it is closed.
 */
async function migrateDirectly(directUrl: string, schema: OrmSchema, lockTimeoutMs: number): Promise<void> {
  const pool = createPool(directUrl, { max: 1 });
  try {
    const orm = await createOrm(directUrl, schema, { pool });
    try {
      await migrate(orm, { lockUrl: directUrl, lockTimeoutMs });
    } finally {
      await orm.close();
    }
  } finally {
    await pool.end();
  }
}

/**
 * SESSION_SECRET, or a random one kept in the data folder so sessions survive restarts. With
 * DATABASE_URL the database may be shared by several instances, which must sign sessions with the same
 * key: start is refused without it.
 */
export async function sessionKeys(config: AppConfig): Promise<string[]> {
  if (config.SESSION_SECRET) return [config.SESSION_SECRET];
  if (config.DATABASE_URL) {
    throw new ConfigError(
      'SESSION_SECRET is required with DATABASE_URL: every instance on the database must sign sessions with the same key ' +
        '(set SESSION_SECRET to the same 32+ characters everywhere, e.g. openssl rand -base64 48)',
    );
  }
  const file = resolve(REPO_ROOT, config.DATA_DIR, 'session-secret');
  if (existsSync(file)) return [(await readFile(file, 'utf8')).trim()];
  const secret = randomBytes(32).toString('base64url');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return [secret];
}

/** Where the production builds of the shell and the remotes are. */
export function buildDirs(config: AppConfig) {
  const root = config.STATIC_ROOT ? resolve(config.STATIC_ROOT) : REPO_ROOT;
  return {
    shellDir: resolve(root, 'shell/dist'),
    remoteDirs: Object.fromEntries(
      config.remotes.map(({ name }) => [name, resolve(root, 'remotes', name, 'dist')]),
    ),
  };
}
