import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import { LOCKS, withAdvisoryLock } from './advisory-lock.ts';

export type Orm = MikroORM;

/** What the ORM knows: every entity, and every committed migration. */
export type OrmSchema = {
  // biome-ignore lint/suspicious/noExplicitAny: schemas of different entity types share this list.
  entities: EntitySchema<any, any>[];
  migrations: MigrationObject[];
};

/**
 * Connects MikroORM to PostgreSQL with the given entities; migrations come from the given list (applied in
 * the order of their timestamped names), never from discovery.
 */
export async function createOrm(
  databaseUrl: string,
  schema: OrmSchema,
  options: { debug?: boolean } = {},
): Promise<Orm> {
  const migrationsList = [...schema.migrations].sort((a, b) => a.name.localeCompare(b.name));
  return MikroORM.init({
    clientUrl: databaseUrl,
    entities: schema.entities,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    debug: options.debug ?? false,
    pool: { min: 0, max: 10 },
    ensureIndexes: false,
    allowGlobalContext: false,
  });
}

/** Applies every committed migration that has not run yet, one starting instance at a time. */
export async function migrate(orm: Orm): Promise<void> {
  await withAdvisoryLock(orm.config.get('clientUrl') ?? '', LOCKS.migrations, () => orm.migrator.up());
}
