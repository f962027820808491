import pg from 'pg';

export type Pool = pg.Pool;

/**
 * The process's one pg pool: plain and scoped SQL, the job queue, and the ORM (createOrm runs on it).
 * 20 connections, what the two pools of 10 (plain, ORM) it replaced held together. Idle ones are closed
 * after 10 s, except four (`min`, once opened): a request after a quiet spell would otherwise open its
 * connections afresh, a server process and a password exchange each (a sign-in's parallel queries took
 * 100-230 ms instead of 35-50 ms that way).
 */
export function createPool(databaseUrl: string): Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20, min: 4, idleTimeoutMillis: 10_000 });
  // An idle client dropped by the server (restart, failover) must not crash the process; the pool reconnects.
  pool.on('error', () => {});
  // Nor may a checked-out client's (pg leaves those to whoever holds it): its query rejects on its own.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Resolves once the database answers a trivial statement (readiness). */
export async function databaseAnswers(pool: Pick<Pool, 'query'>): Promise<void> {
  await pool.query('select 1');
}
