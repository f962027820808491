import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import { LOCKS, withAdvisoryLock } from './advisory-lock.ts';
import { entities } from './entities.ts';
import { migrationsList } from './migrations/index.ts';

export type Orm = MikroORM;

/** Connects MikroORM to PostgreSQL; migrations come from the committed list, never from discovery. */
export async function createOrm(databaseUrl: string, options: { debug?: boolean } = {}): Promise<Orm> {
  return MikroORM.init({
    clientUrl: databaseUrl,
    entities,
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
