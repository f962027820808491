import { hostname } from 'node:os';
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

/** Who holds a session-level advisory lock, as PostgreSQL knows them (undefined: nobody, or not visible). */
export type LockHolder = {
  pid: number;
  applicationName: string;
  clientAddress: string | null;
  since: Date | null;
};

// A bigint key is stored as two halves: classid the high 32 bits, objid the low, objsubid 1.
const HOLDER_SQL = `select a.pid, a.application_name, a.client_addr::text as client_address, a.backend_start
     from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.granted and l.objsubid = 1
      and l.classid = ($1::bigint >> 32)::oid and l.objid = ($1::bigint & 4294967295)::oid
      and l.database = (select oid from pg_database where datname = current_database())
    limit 1`;

export async function lockHolder(client: pg.Client, key: number): Promise<LockHolder | undefined> {
  const { rows } = await client.query<{
    pid: number;
    application_name: string;
    client_address: string | null;
    backend_start: Date | null;
  }>(HOLDER_SQL, [key]);
  const row = rows[0];
  return (
    row && {
      pid: row.pid,
      applicationName: row.application_name,
      clientAddress: row.client_address,
      since: row.backend_start,
    }
  );
}

/** The lock was not granted within its time: names who holds it, and how to free it. */
export class LockTimeoutError extends Error {
  readonly holder: LockHolder | undefined;

  constructor(what: string, timeoutMs: number, holder: LockHolder | undefined, setting?: string) {
    const who = holder
      ? `it is held by ${holder.applicationName || 'a session without a name'} (PostgreSQL pid ${holder.pid}` +
        `${holder.clientAddress ? `, from ${holder.clientAddress}` : ''}` +
        `${holder.since ? `, connected since ${holder.since.toISOString()}` : ''}). If that process is ` +
        `stuck, stop it, or end its session with select pg_terminate_backend(${holder.pid})`
      : 'its holder is not visible to this role (pg_stat_activity)';
    super(`Gave up waiting ${timeoutMs} ms${setting ? ` (${setting})` : ''} for the ${what} lock: ${who}.`);
    this.name = 'LockTimeoutError';
    this.holder = holder;
  }
}

/** This process as the holder others see: `annie-startup-lock host:pid` (PostgreSQL keeps 63 bytes). */
export function lockSessionName(): string {
  return `annie-startup-lock ${hostname()}:${process.pid}`.slice(0, 63);
}

/**
 * Runs `work` while holding a session-level advisory lock on its own connection, so instances started
 * together (compose, a rolling deploy) take turns: the second applies no migration the first applied.
 * Waits at most `timeoutMs` (0: without end) for the lock, then throws a LockTimeoutError naming its
 * holder: a process stuck while holding it does not hang every other start for ever.
 */
export async function withAdvisoryLock<T>(
  databaseUrl: string,
  key: number,
  work: () => Promise<T>,
  options: { timeoutMs?: number; what?: string; setting?: string } = {},
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: lockSessionName() });
  await client.connect();
  try {
    const timeoutMs = Math.max(0, Math.floor(options.timeoutMs ?? 0));
    // lock_timeout bounds the wait for any lock, advisory ones included (SQLSTATE 55P03 when it passes).
    await client.query(`set lock_timeout = ${timeoutMs}`);
    try {
      await client.query('select pg_advisory_lock($1)', [key]);
    } catch (error) {
      if ((error as { code?: string }).code !== '55P03') throw error;
      throw new LockTimeoutError(
        options.what ?? 'advisory',
        timeoutMs,
        await lockHolder(client, key),
        options.setting,
      );
    }
    await client.query('set lock_timeout = 0');
    return await work();
  } finally {
    // Ending the session releases the lock even if unlocking fails.
    await client.end().catch(() => {});
  }
}
