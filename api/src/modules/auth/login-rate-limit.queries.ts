import type { Pool } from '../../db/pool.ts';
import { plainSql, runPlain } from '../../db/scoped-sql.ts';

const PURGE_SQL = plainSql(
  'login limits count attempts before anyone is signed in: by username and address, not by tenant',
  'delete from login_rate_limit where expire is not null and expire < $1 returning key',
);

/** Removes counters whose window has passed; the number removed. */
export async function purgeExpiredLimits(pool: Pool, now: number): Promise<number> {
  return (await runPlain(pool, PURGE_SQL, [now])).length;
}
