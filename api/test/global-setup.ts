import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { createOrm, migrate } from '../src/db/orm.ts';
import { createPool } from '../src/db/pool.ts';
import { ormSchema } from '../src/modules.ts';
import { REPO_ROOT } from '../src/runtime.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseAdminUrl: string;
    testTemplateDatabase: string;
  }
}

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Finds a real PostgreSQL (TEST_DATABASE_URL, else the local server on 5432, else the embedded one),
 * migrates a template database once, and hands its name to the tests; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!adminUrl && (await reachable(LOCAL_SERVER))) adminUrl = LOCAL_SERVER;
  if (!adminUrl) {
    const dataDir = resolve(REPO_ROOT, '.data/test');
    await rm(dataDir, { recursive: true, force: true });
    const embedded = await startEmbeddedPostgres({ dataDir, port: 54330, database: 'postgres' });
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const template = `annie_test_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const templatePool = createPool(withDatabase(adminUrl, template));
  const orm = await createOrm(withDatabase(adminUrl, template), ormSchema, { pool: templatePool });
  await migrate(orm);
  await orm.close();
  await templatePool.end();

  project.provide('testDatabaseAdminUrl', adminUrl);
  project.provide('testTemplateDatabase', template);

  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`).catch(() => {});
    await admin.end();
    await stopEmbedded?.();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
