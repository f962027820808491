import pg from 'pg';
import { type AppConfig, ConfigError } from '../config/env.ts';

type BudgetSettings = Pick<
  AppConfig,
  | 'DATABASE_URL'
  | 'DATABASE_DIRECT_URL'
  | 'DB_POOL_MAX'
  | 'JOB_HANDLER_POOL_MAX'
  | 'JOB_QUEUE_POOL_MAX'
  | 'EXPECTED_INSTANCES'
>;

/**
 * The most connections one API instance opens, by the URL they go to. `pooled` go to DATABASE_URL (a
 * pooler in transaction mode, when DATABASE_DIRECT_URL is set); `direct` need a session of their own:
 * pg-boss's pool and its LISTEN connection, the live events' LISTEN connection, and at start the
 * migration lock (plus, behind a pooler, the migrations' own connection).
 */
export type ConnectionBudget = {
  request: number;
  jobHandlers: number;
  jobQueue: number;
  listeners: number;
  startup: number;
  pooled: number;
  direct: number;
  /** What one instance holds on the PostgreSQL server itself. */
  onServer: number;
};

/** Whether request traffic goes through a pooler: a distinct direct URL is set. */
export function behindPooler(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_DIRECT_URL'>): boolean {
  return Boolean(config.DATABASE_DIRECT_URL && config.DATABASE_DIRECT_URL !== config.DATABASE_URL);
}

/** One instance's connections (docs/deployment.md "Connection budget" gives the same formula). */
export function connectionBudget(config: BudgetSettings): ConnectionBudget {
  const pooler = behindPooler(config);
  const request = config.DB_POOL_MAX;
  const jobHandlers = config.JOB_HANDLER_POOL_MAX;
  const jobQueue = config.JOB_QUEUE_POOL_MAX;
  // pg-boss's LISTEN connection and the live hub's.
  const listeners = 2;
  // The migration lock's session; behind a pooler the migrations run on one direct connection as well.
  const startup = pooler ? 2 : 1;
  const pooled = request + jobHandlers;
  const direct = jobQueue + listeners + startup;
  return {
    request,
    jobHandlers,
    jobQueue,
    listeners,
    startup,
    pooled,
    direct,
    onServer: pooler ? direct : pooled + direct,
  };
}

/** What the server allows ordinary roles: max_connections less the slots reserved for superusers (and PG 16's reserved_connections). */
export async function serverConnectionLimit(directUrl: string): Promise<{ max: number; available: number }> {
  const client = new pg.Client({ connectionString: directUrl, application_name: 'annie-budget-check' });
  await client.connect();
  try {
    const { rows } = await client.query<{ max: number; superuser: number; reserved: number }>(
      `select current_setting('max_connections')::int as max,
              current_setting('superuser_reserved_connections')::int as superuser,
              coalesce(current_setting('reserved_connections', true), '0')::int as reserved`,
    );
    const row = rows[0] ?? { max: 0, superuser: 0, reserved: 0 };
    return { max: row.max, available: row.max - row.superuser - row.reserved };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Whether `url` gives a client one server session for its whole life. Behind a transaction pooler it
 * does not: after a statement, another client's transaction takes that server connection (PgBouncer
 * hands out the last one freed), so the first client's next statement runs in another backend, or waits.
 */
export async function keepsItsSession(url: string): Promise<boolean> {
  const first = new pg.Client({ connectionString: url, application_name: 'annie-budget-check' });
  const other = new pg.Client({ connectionString: url, application_name: 'annie-budget-check' });
  await first.connect();
  try {
    await other.connect();
    const pid = async () =>
      (await first.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    const before = await pid();
    await other.query('begin');
    await other.query('select 1');
    const after = await Promise.race([
      pid(),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2_000).unref()),
    ]);
    await other.query('rollback');
    return before !== undefined && before === after;
  } finally {
    await other.end().catch(() => {});
    await first.end().catch(() => {});
  }
}

/**
 * Refuses a start that cannot work, naming the settings that fix it: the direct URL behind a transaction
 * pooler, or EXPECTED_INSTANCES instances needing more connections than the server allows. Behind a pooler only the direct connections count here: the pooler's
 * own server connections (its pool size) are the operator's to add (docs/deployment.md).
 */
export async function checkConnectionBudget(
  config: BudgetSettings,
  directUrl: string,
): Promise<ConnectionBudget> {
  const budget = connectionBudget(config);
  if (!(await keepsItsSession(directUrl))) {
    throw new ConfigError(
      `${config.DATABASE_DIRECT_URL ? 'DATABASE_DIRECT_URL' : 'DATABASE_URL'} goes through a transaction pooler: ` +
        'LISTEN, pg-boss and the migration lock need a session of their own. Set DATABASE_DIRECT_URL to the database server itself ' +
        '(or to a pooler in session mode), keeping DATABASE_URL on the pooler (docs/deployment.md "Connection budget").',
    );
  }
  const { max, available } = await serverConnectionLimit(directUrl);
  const needed = budget.onServer * config.EXPECTED_INSTANCES;
  if (needed > available) {
    throw new ConfigError(
      `The connection budget does not fit the database: ${config.EXPECTED_INSTANCES} instance(s) × ${budget.onServer} connections = ${needed}, ` +
        `but the server allows ${available} (max_connections ${max} less its reserved slots). ` +
        'Lower DB_POOL_MAX, JOB_HANDLER_POOL_MAX or JOB_QUEUE_POOL_MAX, put PgBouncer in front (DATABASE_URL to it, DATABASE_DIRECT_URL to the server), ' +
        'or raise max_connections (docs/deployment.md "Connection budget").',
    );
  }
  return budget;
}
