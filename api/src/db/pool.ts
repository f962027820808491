import pg from 'pg';

export type Pool = pg.Pool;

/** A plain pg pool for the hot, ORM-free paths: sessions, rate limits, readiness, job queue. */
export function createPool(databaseUrl: string): Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: 10_000 });
  // An idle client dropped by the server (restart, failover) must not crash the process; the pool reconnects.
  pool.on('error', () => {});
  return pool;
}

/** Resolves once the database answers a trivial statement (readiness). */
export async function databaseAnswers(pool: Pick<Pool, 'query'>): Promise<void> {
  await pool.query('select 1');
}
