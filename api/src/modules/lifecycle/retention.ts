import type { Pool } from '../../db/pool.ts';

/**
 * How long each kind of data the product keeps is kept (README "Data lifecycle" lists the same rules).
 * Each rule is one idempotent delete; a domain that starts keeping a new kind of data adds its rule here.
 * Plain SQL, not tenant-scoped: retention removes every tenant's expired rows alike.
 */
export type RetentionRule = { kind: string; keptFor: string; sql: string };

export const ACCOUNT_GRACE_DAYS = 90;
export const LOG_RETENTION_MONTHS = 12;
export const REMOTE_LOAD_ERROR_DAYS = 90;

export const retentionRules: RetentionRule[] = [
  {
    kind: 'deleted accounts (the user and everything of theirs: sessions, Google connections)',
    keptFor: `${ACCOUNT_GRACE_DAYS} days after user:delete`,
    sql: `delete from app_user where deleted_at < now() - make_interval(days => ${ACCOUNT_GRACE_DAYS})`,
  },
  {
    kind: 'lab job history (status log, provider messages, results)',
    keptFor: `${LOG_RETENTION_MONTHS} months after the job finished`,
    sql: `delete from lab_job where status in ('succeeded', 'failed')
            and finished_at < now() - make_interval(months => ${LOG_RETENTION_MONTHS})`,
  },
  {
    kind: 'sessions',
    keptFor: 'until they expire (SESSION_TTL_HOURS) or the user logs out',
    sql: 'delete from http_session where expires_at <= now()',
  },
  {
    kind: 'failed-login counters',
    keptFor: 'until their window passes (LOGIN_WINDOW_SECONDS)',
    sql: `delete from login_rate_limit where expire is not null
            and expire < (extract(epoch from now()) * 1000)::bigint`,
  },
  {
    kind: "remote load-failure reports (the shell's, per remote version)",
    keptFor: `${REMOTE_LOAD_ERROR_DAYS} days`,
    sql: `delete from remote_load_error where at < now() - make_interval(days => ${REMOTE_LOAD_ERROR_DAYS})`,
  },
  {
    kind: 'Voice Console test tickets',
    keptFor: 'a minute (TEST_TICKET_TTL_MS), or until used',
    sql: 'delete from voice_test_ticket where expires_at <= now()',
  },
];

// One instance at a time enforces retention (the deletes are idempotent; the lock only spares work).
const RETENTION_LOCK = 0x616e6e69; // 'anni'

/** Applies every rule once; returns rows removed per kind, or undefined if another instance is at it. */
export async function enforceRetention(pool: Pool): Promise<Record<string, number> | undefined> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_xact_lock($1) as locked',
      [RETENTION_LOCK],
    );
    if (!rows[0]?.locked) {
      await client.query('rollback');
      return undefined;
    }
    const removed: Record<string, number> = {};
    for (const rule of retentionRules) removed[rule.kind] = (await client.query(rule.sql)).rowCount ?? 0;
    await client.query('commit');
    return removed;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
