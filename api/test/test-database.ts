import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { withDatabase } from './global-setup.ts';

export type TestDatabase = { url: string; name: string; drop: () => Promise<void> };

/** A fresh database cloned from the migrated template, for tests that start API processes of their own. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('testDatabaseAdminUrl');
  const name = `annie_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('testTemplateDatabase')}`);
  return {
    url: withDatabase(adminUrl, name),
    name,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
