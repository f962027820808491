import type Router from '@koa/router';
import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { AppConfig } from './config/env.ts';
import type { Orm } from './db/orm.ts';
import type { Pool } from './db/pool.ts';
import type { PlainSql } from './db/scoped-sql.ts';
import type { AppState } from './http/app-state.ts';
import type { RemoteRegistry } from './http/remote-registry.ts';
import type { SessionConnections } from './http/session/session-connections.ts';
import type { InstanceLifecycle } from './instance/instance-lifecycle.ts';
import type { Schedule } from './jobs/define-schedule.ts';
import type { JobSender } from './jobs/job-sender.ts';
import type { JobWorkers } from './jobs/job-workers.ts';
import type { LiveHub } from './live/live-hub.ts';

/** What every module is built from: one of each per app (the hub, sender and workers are shared). */
export type ModuleDeps = {
  config: AppConfig;
  orm: Orm;
  pool: Pool;
  logger: Logger;
  /** Queues jobs, also inside the caller's transaction. */
  jobs: JobSender;
  /** The process's job workers (started by the first queue a module works on). */
  workers: JobWorkers;
  /** The process's LISTEN connection, behind every live-event stream. */
  live: LiveHub;
  /** Event streams and sockets open under a session: ended when it is revoked. */
  connections: SessionConnections;
  /** The remotes' release registry as this process serves it (GET /api/remotes, release files). */
  remotes: RemoteRegistry;
  /** Every retention rule the app's modules declare (run by the lifecycle's schedule). */
  retention: RetentionRule[];
  /** Whether this process is draining (SIGTERM) and the live work it carries (readiness reports both). */
  lifecycle: InstanceLifecycle;
};

/**
 * How long one kind of a module's data is kept: one idempotent `delete`, declared by the module that
 * owns the table (in its `*.queries.ts`), deliberately across every tenant (retention removes every
 * tenant's expired rows alike). docs/deployment.md "Data retention" lists the same rules.
 */
export type RetentionRule = { kind: string; keptFor: string; delete: PlainSql };

/** Stops what `start` started; resolves once it has. */
export type Stop = () => Promise<void>;

/**
 * A module as built for one app: its routers, its background work (started by `main`, and by tests
 * that need it), and its scheduled work (`defineSchedule`: once per period across every instance).
 */
export type ModuleInstance = {
  routers: Router<AppState>[];
  start?: () => Promise<Stop>;
  schedules?: Schedule[];
};

/**
 * How a product module (or a platform piece) plugs into the API: its entities and migrations, and
 * `create`, called once per app, so state its routes and background work share is a local variable.
 * Listed once, in `modules.ts`.
 */
export type ApiModule = {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: schemas of different entity types share this list.
  entities: EntitySchema<any, any>[];
  migrations: MigrationObject[];
  /** What of the module's data is deleted when (its own tables only). */
  retention?: RetentionRule[];
  create: (deps: ModuleDeps) => ModuleInstance;
};
