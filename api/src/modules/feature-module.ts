import type Router from '@koa/router';
import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/env.ts';
import type { Orm } from '../db/orm.ts';
import type { Pool } from '../db/pool.ts';
import type { AppState } from './auth/auth-context.ts';

export type ModuleDeps = { config: AppConfig; orm: Orm; pool: Pool; logger: Logger };

/**
 * How a product domain plugs into the API: its entities and migrations, its routers, and optional
 * background work (started by `main`, and by tests that need it) that returns its own stop function.
 */
export type FeatureModule = {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: schemas of different entity types share this list.
  entities: EntitySchema<any, any>[];
  migrations: MigrationObject[];
  routes: (deps: ModuleDeps) => Router<AppState>[];
  startBackground?: (deps: ModuleDeps) => Promise<() => Promise<void>>;
};
