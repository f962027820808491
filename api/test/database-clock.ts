import type { Queryable } from '../src/db/transaction.ts';

/**
 * The database server's clock (`now()`). Rows a test dates for a query that compares them with SQL
 * `now()` (this month's spend, a sweep of stale calls) are dated from this, not from the test's
 * `Date.now()`, so the test holds even when the two clocks disagree (another host, or faketime).
 */
export async function databaseNow(db: Queryable): Promise<Date> {
  const { rows } = await db.query<{ now: Date }>('select now() as now');
  const now = rows[0]?.now;
  if (!now) throw new Error('the database did not answer now()');
  return now;
}
