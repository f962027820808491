import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { withDatabase } from './global-setup.ts';

export type TestDatabase = { url: string; name: string; drop: () => Promise<void> };

/**
 * A fresh database cloned from the migrated template (or `empty`: no tables at all), for tests that
 * start API processes or restore backups of their own.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('testDatabaseAdminUrl');
  const name = `annie_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = options.empty ? 'template0' : inject('testTemplateDatabase');
  await admin.query(`create database ${name} template ${template}`);
  return {
    url: withDatabase(adminUrl, name),
    name,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
