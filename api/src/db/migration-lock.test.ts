import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiProcess } from '../../test/api-process.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { ormSchema } from '../modules.ts';
import { LOCKS, LockTimeoutError, withAdvisoryLock } from './advisory-lock.ts';
import { createOrm, migrate } from './orm.ts';
import { createPool } from './pool.ts';

// The migrations lock waits MIGRATION_LOCK_TIMEOUT_MS at most, then start fails naming who holds it.

const database = await createTestDatabase();
afterAll(() => database.drop());

/** A session of another process that took the migrations lock and is stuck with it. */
async function stuckHolder(name: string): Promise<{ pid: number; release: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: database.url, application_name: name });
  await client.connect();
  await client.query('select pg_advisory_lock($1)', [LOCKS.migrations]);
  const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
  return { pid, release: () => client.end() };
}

describe('the migrations lock', () => {
  it('gives up after its timeout and names the holder: its name, PostgreSQL pid and how to end it', async () => {
    const holder = await stuckHolder('annie-startup-lock other-host:4242');
    let ran = false;
    const started = Date.now();
    try {
      const error = await withAdvisoryLock(
        database.url,
        LOCKS.migrations,
        async () => {
          ran = true;
        },
        { timeoutMs: 400, what: 'migrations', setting: 'MIGRATION_LOCK_TIMEOUT_MS' },
      ).catch((caught: unknown) => caught);
      const waited = Date.now() - started;
      expect(error).toBeInstanceOf(LockTimeoutError);
      expect((error as LockTimeoutError).holder).toMatchObject({
        pid: holder.pid,
        applicationName: 'annie-startup-lock other-host:4242',
      });
      expect((error as Error).message).toMatch(
        /^Gave up waiting 400 ms \(MIGRATION_LOCK_TIMEOUT_MS\) for the migrations lock: it is held by annie-startup-lock other-host:4242 \(PostgreSQL pid \d+/,
      );
      expect((error as Error).message).toContain(`select pg_terminate_backend(${holder.pid})`);
      expect(ran).toBe(false);
      expect(waited).toBeGreaterThanOrEqual(380);
      expect(waited).toBeLessThan(10_000);
    } finally {
      await holder.release();
    }
  });

  it('waits for a holder that finishes within the timeout, then migrates', async () => {
    const holder = await stuckHolder('annie-startup-lock first-instance:1');
    const pool = createPool(database.url, { max: 2 });
    const orm = await createOrm(database.url, ormSchema, { pool });
    try {
      const migrating = migrate(orm, { lockTimeoutMs: 20_000 });
      const outcome = await Promise.race([
        migrating.then(() => 'migrated'),
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 500)),
      ]);
      expect(outcome).toBe('waiting');
      await holder.release();
      await expect(migrating).resolves.toBeUndefined();
      // And it let go of the lock: the next start takes it at once.
      const unlocked = await withAdvisoryLock(database.url, LOCKS.migrations, async () => 'held', {
        timeoutMs: 1_000,
      });
      expect(unlocked).toBe('held');
    } finally {
      await orm.close();
      await pool.end();
    }
  });

  it('fails the start of an instance with MIGRATION_LOCK_TIMEOUT_MS, the error naming the holder', async () => {
    const holder = await stuckHolder('annie-startup-lock deploy-a:777');
    try {
      const start = startApiProcess(['api/src/main.ts'], {
        DATABASE_URL: database.url,
        SESSION_SECRET: 'migration-lock-secret-0123456789abcdef',
        MIGRATION_LOCK_TIMEOUT_MS: '500',
      });
      const error = (await start.catch((caught: unknown) => caught)) as Error;
      expect(error).toBeInstanceOf(Error);
      expect(error.message).toMatch(/API exited with [1-9]\d* before it was ready/);
      expect(error.message).toContain(
        'Gave up waiting 500 ms (MIGRATION_LOCK_TIMEOUT_MS) for the migrations lock: it is held by annie-startup-lock deploy-a:777',
      );
      expect(error.message).toContain(`pg_terminate_backend(${holder.pid})`);
    } finally {
      await holder.release();
    }
  });
});
