import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { createPostgreSqlTypeParsers, MikroORM } from '@mikro-orm/postgresql';
import { PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { LOCKS, withAdvisoryLock } from './advisory-lock.ts';
import type { Pool } from './pool.ts';

export type Orm = MikroORM;

/** What the ORM knows: every entity, and every committed migration. */
export type OrmSchema = {
  // biome-ignore lint/suspicious/noExplicitAny: schemas of different entity types share this list.
  entities: EntitySchema<any, any>[];
  migrations: MigrationObject[];
};

// How MikroORM reads values (dates, timestamps and intervals as PostgreSQL's text, which its types
// convert), applied to the ORM's statements only: plain SQL on the same pool keeps pg's defaults (Date).
// An array of dates or timestamps stays an array of their text, as text[] (oid 1009) is parsed.
const textArray = pg.types.getTypeParser(1009 as Parameters<typeof pg.types.getTypeParser>[0]) as (
  text: string,
) => string[];
const ormTypes = new pg.TypeOverrides();
for (const [oid, parser] of Object.entries(createPostgreSqlTypeParsers(textArray))) {
  ormTypes.setTypeParser(Number(oid), parser as (text: string) => unknown);
}

/**
 * The app's one pool as the ORM's driver sees it: the same connections, each statement parsed with the
 * ORM's types. Ending it is the pool owner's (`pool.end()`), not the ORM's.
 */
function ormView(pool: Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const viewOf = (client: pg.PoolClient): PostgresPoolClient => {
    const query = (text: unknown, values?: readonly unknown[]) =>
      typeof text === 'string'
        ? client.query({ text, values: values as unknown[], types: ormTypes })
        : client.query(text as never);
    const view = { query, release: () => client.release() } as unknown as PostgresPoolClient;
    // kysely reads the backend's pid from the client (to cancel a query), else asks for it.
    Object.defineProperty(view, 'processID', { get: () => (client as { processID?: number }).processID });
    return view;
  };
  return {
    options: pool.options,
    async connect() {
      const client = await pool.connect();
      let view = clients.get(client);
      if (!view) {
        view = viewOf(client);
        clients.set(client, view);
      }
      return view;
    },
    end: async () => {},
  };
}

/**
 * Connects MikroORM to PostgreSQL with the given entities; migrations come from the given list (applied in
 * the order of their timestamped names), never from discovery. The ORM runs on `pool`, the app's one
 * pool (db/pool.ts): it opens none of its own.
 */
export async function createOrm(
  databaseUrl: string,
  schema: OrmSchema,
  options: { pool: Pool; debug?: boolean },
): Promise<Orm> {
  const migrationsList = [...schema.migrations].sort((a, b) => a.name.localeCompare(b.name));
  return MikroORM.init({
    clientUrl: databaseUrl,
    entities: schema.entities,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    debug: options.debug ?? false,
    driverOptions: new PostgresDialect({ pool: ormView(options.pool) }),
    ensureIndexes: false,
    allowGlobalContext: false,
  });
}

/**
 * Applies every committed migration that has not run yet, one starting instance at a time: the lock is a
 * session's, taken on `lockUrl` (DATABASE_DIRECT_URL behind a pooler; by default the ORM's URL), waited
 * for at most `lockTimeoutMs` (MIGRATION_LOCK_TIMEOUT_MS; 0: without end).
 */
export async function migrate(
  orm: Orm,
  options: { lockUrl?: string; lockTimeoutMs?: number } = {},
): Promise<void> {
  await withAdvisoryLock(
    options.lockUrl ?? orm.config.get('clientUrl') ?? '',
    LOCKS.migrations,
    () => orm.migrator.up(),
    { timeoutMs: options.lockTimeoutMs, what: 'migrations', setting: 'MIGRATION_LOCK_TIMEOUT_MS' },
  );
}
