import type { QueryResultRow } from 'pg';
import type { Queryable } from './transaction.ts';

/** Whose rows a statement may touch: a tenant's, or one user's within it (personal data). */
export type SqlScope = { tenantId: string; userId?: string };

const TENANT_PREDICATE = /\btenant_id\s*=\s*\$1(?!\d)/;
const USER_PREDICATE = /\buser_id\s*=\s*\$2(?!\d)/;

/**
 * A hand-written statement over tenant-owned tables: `$1` is always the tenant (and `$2` the user, for
 * a user-scoped one), bound by `runScoped` from the caller's scope, never from the statement's own
 * values. The text must filter by them (`tenant_id = $1`, `user_id = $2`); one that does not is refused
 * where it is declared, so it fails on import instead of leaking at run time.
 */
export class ScopedSql {
  readonly text: string;
  readonly perUser: boolean;

  private constructor(text: string, perUser: boolean) {
    this.text = text;
    this.perUser = perUser;
  }

  static tenant(text: string): ScopedSql {
    if (!TENANT_PREDICATE.test(text)) throw new Error(`Tenant SQL without "tenant_id = $1": ${text.trim()}`);
    return new ScopedSql(text, false);
  }

  static user(text: string): ScopedSql {
    if (!TENANT_PREDICATE.test(text) || !USER_PREDICATE.test(text)) {
      throw new Error(`User SQL without "tenant_id = $1" and "user_id = $2": ${text.trim()}`);
    }
    return new ScopedSql(text, true);
  }
}

/** A tenant-scoped statement: its text must filter by `tenant_id = $1`; the statement's values are `$2…`. */
export const tenantSql = (text: string): ScopedSql => ScopedSql.tenant(text);

/** A user-scoped statement: `tenant_id = $1` and `user_id = $2`; the statement's values are `$3…`. */
export const userSql = (text: string): ScopedSql => ScopedSql.user(text);

/**
 * Runs a scoped statement with the scope's tenant (and user) bound first. Without a tenant, or without
 * a user for a user-scoped statement, it does not run: it fails closed.
 */
export async function runScoped<R extends QueryResultRow>(
  db: Queryable,
  scope: SqlScope,
  statement: ScopedSql,
  values: readonly unknown[] = [],
): Promise<R[]> {
  if (!scope.tenantId) throw new Error('A scoped statement ran without a tenant');
  if (statement.perUser && !scope.userId) throw new Error('A user-scoped statement ran without a user');
  const bound = statement.perUser ? [scope.tenantId, scope.userId, ...values] : [scope.tenantId, ...values];
  const { rows } = await db.query<R>(statement.text, bound);
  return rows;
}
