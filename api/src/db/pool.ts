import pg from 'pg';
import { DEFAULTS } from '../config/defaults.mjs';
import { traceQueries } from '../observability/sql-spans.ts';

export type Pool = pg.Pool;

/** The request pool's size when no setting is given: DB_POOL_MAX's default (see db/connection-budget.ts). */
const DEFAULT_MAX = DEFAULTS.DB_POOL_MAX;

/**
 * The process's request pool: plain and scoped SQL, the job sender, and the ORM (createOrm runs on it);
 * the job workers have pools of their own (docs/data.md "Pools"). `max` is DB_POOL_MAX. Idle ones are
 * closed after 10 s, except four (`min`, once opened): a request after a quiet spell would otherwise open
 * its connections afresh, a server process and a password exchange each. Every statement is
 * transaction-scoped and unnamed (withoutStatementNames), so the URL may be PgBouncer's in transaction mode.
 */
export function createPool(databaseUrl: string, options: { max?: number } = {}): Pool {
  const max = options.max ?? DEFAULT_MAX;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    min: Math.min(4, max),
    idleTimeoutMillis: 10_000,
  });
  // An idle client dropped by the server (restart, failover) must not crash the process; the pool reconnects.
  pool.on('error', () => {});
  traceQueries(pool, { callbacks: true });
  pool.on('connect', (client) => {
    // Nor may a checked-out client's (pg leaves those to whoever holds it): its query rejects on its own.
    client.on('error', () => {});
    withoutStatementNames(client);
    traceQueries(client, { callbacks: false });
  });
  return pool;
}

/**
 * Makes every statement of the client unnamed. pg prepares a named statement once per connection and
 * reuses it; behind PgBouncer in transaction mode (Debian's 1.18 keeps no prepared statements) the next
 * transaction may run on another server connection, where that name is unknown, or already taken by
 * another client ("prepared statement … already exists"). rate-limiter-flexible names its statements.
 */
function withoutStatementNames(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const unnamed = (config: unknown, ...rest: unknown[]) => {
    const named = typeof config === 'object' && config !== null && 'name' in config && !('submit' in config);
    return query(named ? { ...config, name: undefined } : config, ...rest);
  };
  client.query = unnamed as typeof client.query;
}

/**
 * Settings for a connection of its own beside the pool: to `url` when given (DATABASE_DIRECT_URL, for
 * what needs a session: LISTEN, pg-boss, the migration lock), else to where the pool connects.
 */
export function connectionSettings(pool: Pick<Pool, 'options'>, url: string | undefined): pg.ClientConfig {
  if (url) return { connectionString: url };
  const { connectionString, host, port, user, password, database, ssl } = pool.options;
  return {
    ...{ connectionString, host, port, user, database, ssl },
    ...(typeof password === 'string' ? { password } : {}),
  };
}

/** Resolves once the database answers a trivial statement (readiness). */
export async function databaseAnswers(pool: { query: (text: string) => Promise<unknown> }): Promise<void> {
  await pool.query('select 1');
}
