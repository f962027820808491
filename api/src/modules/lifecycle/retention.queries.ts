import type { RetentionRule } from '../../api-module.ts';
import type { Pool } from '../../db/pool.ts';
import { plainSql, runPlain } from '../../db/scoped-sql.ts';
import { inTransaction } from '../../db/transaction.ts';

// One run at a time: the schedule already runs once across instances; the lock also covers a run by hand.
const RETENTION_LOCK = 0x616e6e69; // 'anni'
const TRY_LOCK = plainSql('a process-wide lock, not data', 'select pg_try_advisory_xact_lock($1) as locked');

/**
 * Applies every rule once, in one transaction (each rule is its module's own `delete`, declared on its
 * module: lifecycle names no table); returns rows removed per kind, or undefined if another instance
 * is at it.
 */
export async function enforceRetention(
  pool: Pool,
  rules: readonly RetentionRule[],
): Promise<Record<string, number> | undefined> {
  return inTransaction(pool, async (client) => {
    // Another instance holds the lock: nothing done, and this empty transaction just commits.
    const [lock] = await runPlain<{ locked: boolean }>(client, TRY_LOCK, [RETENTION_LOCK]);
    if (!lock?.locked) return undefined;
    const removed: Record<string, number> = {};
    for (const rule of rules) {
      const counted = plainSql(
        rule.delete.reason,
        `with removed as (${rule.delete.text} returning 1) select count(*)::int as n from removed`,
      );
      removed[rule.kind] = (await runPlain<{ n: number }>(client, counted))[0]?.n ?? 0;
    }
    return removed;
  });
}
