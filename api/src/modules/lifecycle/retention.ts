import type { Pool } from '../../db/pool.ts';
import { plainSql, runPlain } from '../../db/scoped-sql.ts';
import type { RetentionRule } from '../../domain.ts';

// One instance at a time enforces retention (the deletes are idempotent; the lock only spares work).
const RETENTION_LOCK = 0x616e6e69; // 'anni'

/**
 * Applies every rule once, in one transaction (each rule is its module's own `delete`, declared on its
 * domain: lifecycle names no table); returns rows removed per kind, or undefined if another instance
 * is at it.
 */
export async function enforceRetention(
  pool: Pool,
  rules: readonly RetentionRule[],
): Promise<Record<string, number> | undefined> {
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
    for (const rule of rules) {
      const counted = plainSql(
        rule.delete.reason,
        `with removed as (${rule.delete.text} returning 1) select count(*)::int as n from removed`,
      );
      removed[rule.kind] = (await runPlain<{ n: number }>(client, counted))[0]?.n ?? 0;
    }
    await client.query('commit');
    return removed;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
