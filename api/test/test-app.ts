import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { afterAll } from 'vitest';
import type { ModuleDeps } from '../src/api-module.ts';
import { type AppDeps, type BuiltApp, createApp } from '../src/app.ts';
import type { Background } from '../src/background.ts';
import { type AppConfig, loadConfig } from '../src/config/env.ts';
import { createOrm, type Orm } from '../src/db/orm.ts';
import { createPool, type Pool } from '../src/db/pool.ts';
import { createLogger } from '../src/lib/logger.ts';
import type { User } from '../src/modules/users/user.entity.ts';
import { createUser } from '../src/modules/users/user.service.ts';
import { ormSchema } from '../src/modules.ts';
import { closeGracefully, listen, portOf } from '../src/server.ts';
import { TestClient } from './test-client.ts';
import { createTestDatabase } from './test-database.ts';

export type TestUser = { user: User; username: string; password: string };

export type TestApp = {
  baseUrl: string;
  /** The Koa app itself (its middleware holds the routers). */
  koa: BuiltApp['app'];
  orm: Orm;
  pool: Pool;
  config: AppConfig;
  server: Server;
  databaseUrl: string;
  /** What the app's modules were created with: its job sender and workers, its live hub. */
  deps: ModuleDeps;
  /** Starts every module's background work (the lab worker…); stopped after the file's tests. */
  startBackground: Background['start'];
  /** Stops it early (e.g. before a fake it calls goes away); harmless to repeat. */
  stopBackground: Background['stop'];
  /** Creates a user (tenant `default` unless given) with a known password. */
  createUser: (options?: {
    username?: string;
    isAdmin?: boolean;
    tenantId?: string;
    email?: string;
  }) => Promise<TestUser>;
  /** A client with its own cookie jar, not signed in. */
  client: () => TestClient;
  /** A client signed in as the given user. */
  signedIn: (user: TestUser) => Promise<TestClient>;
};

/**
 * Starts the real Koa app on a loopback port against a fresh database cloned from the migrated
 * template; the database is dropped after the file's tests. Call once at the top of a test file.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { logger?: Logger; staticDirs?: AppDeps['staticDirs'] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const url = database.url;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, ...env });
  const pool = createPool(url);
  const orm = await createOrm(url, ormSchema, { pool });
  const { app, deps, background } = createApp({
    config,
    orm,
    pool,
    logger: options.logger ?? createLogger('silent'),
    sessionKeys: ['test-session-key'],
    staticDirs: options.staticDirs,
  });
  const server = await listen(app as never, 0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${portOf(server)}`;
  let counter = 0;

  afterAll(async () => {
    await Promise.all([closeGracefully(server, 1_000), background.stop()]);
    await orm.close();
    await pool.end();
    await database.drop();
  });

  const testApp: TestApp = {
    baseUrl,
    koa: app,
    orm,
    pool,
    config,
    server,
    databaseUrl: url,
    deps,
    startBackground: background.start,
    stopBackground: background.stop,
    async createUser(options = {}) {
      counter += 1;
      const username = options.username ?? `user${counter}_${randomBytes(3).toString('hex')}`;
      const password = `pw-${randomBytes(8).toString('hex')}`;
      const user = await createUser(orm.em.fork(), {
        username,
        password,
        isAdmin: options.isAdmin ?? false,
        tenantId: options.tenantId,
        email: options.email ?? `${username}@example.test`,
      });
      return { user, username, password };
    },
    client: () => new TestClient(baseUrl),
    async signedIn(testUser) {
      const client = new TestClient(baseUrl);
      const response = await client.post('/api/login', {
        username: testUser.username,
        password: testUser.password,
      });
      if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
      return client;
    },
  };
  return testApp;
}
