import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { User } from '../modules/users/user.entity.ts';
import { ormSchema } from '../modules.ts';
import { API_SRC, allSourceFiles } from '../testing/sql-source.ts';
import { createOrm } from './orm.ts';
import { createPool } from './pool.ts';

// One request pool per process (docs/data.md "Pools"): the ORM runs on the app's pg pool.

const database = await createTestDatabase();
afterAll(() => database.drop());

describe('one pool', () => {
  it('runs ORM statements and plain SQL on the same connections, with their own value parsing', async () => {
    const name = `annie_one_pool_${process.pid}`;
    const url = new URL(database.url);
    url.searchParams.set('application_name', name);
    const pool = createPool(url.href);
    const orm = await createOrm(url.href, ormSchema, { pool });
    try {
      const em = orm.em.fork();
      em.setFilterParams('tenant', { tenantId: 'one-pool' });
      expect(await em.count(User, {})).toBe(0);
      const { rows } = await pool.query<{ connections: string; now: Date }>(
        'select count(*) as connections, now() from pg_stat_activity where application_name = $1',
        [name],
      );
      // The ORM's count and this statement took connections from the one pool, nothing else opened any.
      expect(Number(rows[0]?.connections)).toBe(pool.totalCount);
      expect(pool.totalCount).toBeGreaterThan(0);
      // Plain SQL keeps pg's parsing (a Date); the ORM's statements get MikroORM's (text it converts).
      expect(rows[0]?.now).toBeInstanceOf(Date);
      const [ormRow] = await em.execute<{ now: unknown }[]>('select now() as now');
      expect(typeof ormRow?.now).toBe('string');
    } finally {
      await orm.close();
      await pool.end();
    }
  });

  it('nothing but db/pool.ts makes a pg pool but the job workers (createOrm requires one: its type has no default)', () => {
    const pools = allSourceFiles().filter(
      (path) =>
        !path.endsWith('.test.ts') &&
        /new\s+(pg\.)?Pool\s*\(/.test(readFileSync(join(API_SRC, path), 'utf8')),
    );
    // The job workers' handlers get connections of their own (jobs/job-workers.ts), so a flood of requests
    // on the app's pool never holds up a worker recording a job's progress.
    expect(pools).toEqual(['db/pool.ts', 'jobs/job-workers.ts']);
  });
});
