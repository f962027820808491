import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';

/** Keys of the process-wide PostgreSQL advisory locks, one per kind of work that must not overlap. */
export const LOCKS = {
  migrations: 0x616e6d67, // 'anmg'
  firstAdmin: 0x616e6661, // 'anfa'
} as const;

/**
 * Takes a transaction-level advisory lock inside the EntityManager's transaction (released at its end):
 * a number from LOCKS, or a text key (hashed by PostgreSQL) naming what is being decided.
 */
export async function lockForTransaction(em: EntityManager, key: number | string): Promise<void> {
  if (typeof key === 'number') await em.execute('select pg_advisory_xact_lock(?)', [key]);
  else await em.execute('select pg_advisory_xact_lock(hashtext(?))', [key]);
}

/**
 * Runs `work` while holding a session-level advisory lock on its own connection, so instances started
 * together (compose, a rolling deploy) take turns: the second applies no migration the first applied.
 */
export async function withAdvisoryLock<T>(
  databaseUrl: string,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'annie-startup-lock' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    // Ending the session releases the lock even if unlocking fails.
    await client.end().catch(() => {});
  }
}
