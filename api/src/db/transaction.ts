import type { Pool } from './pool.ts';

/** Anything that runs SQL: the pool, or a client inside a transaction. */
export type Queryable = Pick<Pool, 'query'>;

/** Runs `work` on one client inside a transaction: committed if it resolves, rolled back if it throws. */
export async function inTransaction<T>(pool: Pool, work: (client: Queryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
