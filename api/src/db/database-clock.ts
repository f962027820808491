import type { Queryable } from './transaction.ts';

/**
 * The database's clock: what `now()` stamps on the rows the app writes. Sample data dated by it lines
 * up with rows the running app adds, whatever the skew between this process and the database.
 */
export async function databaseNow(db: Queryable): Promise<Date> {
  const { rows } = await db.query<{ now: Date }>('select now() as now');
  return rows[0]?.now ?? new Date();
}
