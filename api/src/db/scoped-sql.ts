import type { EntityManager } from '@mikro-orm/postgresql';
import type { QueryResultRow } from 'pg';
import type { Queryable } from './transaction.ts';

/** Whose rows a statement may touch: a tenant's, or one user's within it (personal data). */
export type SqlScope = { tenantId: string; userId?: string };

const TENANT_PREDICATE = /\btenant_id\s*=\s*\$1(?!\d)/;
const USER_PREDICATE = /\buser_id\s*=\s*\$2(?!\d)/;
const INSERT = /^\s*insert\s+into\s+[\w.]+\s*\(([^)]*)\)\s*values\s*\(/i;

/** Splits `a, f(b, c), d` at its top-level commas. */
function topLevelItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    if ((char === ',' && depth === 0) || depth < 0) {
      items.push(text.slice(start, i).trim());
      start = i + 1;
      if (depth < 0) return items;
    }
  }
  items.push(text.slice(start).trim());
  return items;
}

/** Whether an `insert … (columns) values (…)` writes each named column from its placeholder. */
function insertBinds(text: string, bindings: Record<string, string>): boolean {
  const match = INSERT.exec(text);
  if (!match?.[1]) return false;
  const columns = match[1].split(',').map((column) => column.trim().toLowerCase());
  const values = topLevelItems(text.slice(match[0].length));
  return Object.entries(bindings).every(
    ([column, placeholder]) => values[columns.indexOf(column)] === placeholder,
  );
}

/**
 * A hand-written statement over tenant-owned tables: `$1` is always the tenant (and `$2` the user, for
 * a user-scoped one), bound by `runScoped` from the caller's scope, never from the statement's own
 * values. The text must filter by them (`tenant_id = $1`, `user_id = $2`), or, for an
 * `insert … values (…)`, write them as the row's `tenant_id` (and `user_id`); one that does neither is
 * refused where it is declared, so it fails on import instead of leaking at run time.
 */
export class ScopedSql {
  readonly text: string;
  readonly perUser: boolean;

  private constructor(text: string, perUser: boolean) {
    this.text = text;
    this.perUser = perUser;
  }

  static tenant(text: string): ScopedSql {
    if (!TENANT_PREDICATE.test(text) && !insertBinds(text, { tenant_id: '$1' })) {
      throw new Error(`Tenant SQL without "tenant_id = $1": ${text.trim()}`);
    }
    return new ScopedSql(text, false);
  }

  static user(text: string): ScopedSql {
    const filters = TENANT_PREDICATE.test(text) && USER_PREDICATE.test(text);
    if (!filters && !insertBinds(text, { tenant_id: '$1', user_id: '$2' })) {
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

/**
 * The EntityManager as a Queryable, so a scoped statement runs inside the ORM's transaction when there
 * is one. MikroORM binds `?` placeholders, so each `$n` becomes a `?` bound to the n-th value (a scoped
 * statement uses `$n` only as placeholders).
 */
export function ormQueryable(em: EntityManager): Queryable {
  const query = async (text: string, values: readonly unknown[] = []) => {
    const bound: unknown[] = [];
    const sql = text.replace(/\$(\d+)/g, (_, n: string) => {
      bound.push(values[Number(n) - 1]);
      return '?';
    });
    const rows = await em.execute<Record<string, unknown>[]>(sql, bound);
    return { rows, rowCount: rows.length };
  };
  return { query } as unknown as Queryable;
}

/**
 * A statement deliberately not scoped to one tenant or user: a sweep across every tenant, a lookup by
 * a secret (a session or deploy token), the platform's own tables. `reason` says why it may be
 * unscoped; it is required, so the exception is written where the statement is declared, not in a
 * comment a reviewer may miss.
 */
export class PlainSql {
  readonly reason: string;
  readonly text: string;

  constructor(reason: string, text: string) {
    if (!reason.trim()) throw new Error(`Plain SQL without a reason: ${text.trim()}`);
    this.reason = reason;
    this.text = text;
  }
}

/** A statement that is deliberately not tenant-scoped; `reason` says why. */
export const plainSql = (reason: string, text: string): PlainSql => new PlainSql(reason, text);

/** Runs a plain statement with its values as `$1…`. */
export async function runPlain<R extends QueryResultRow>(
  db: Queryable,
  statement: PlainSql,
  values: readonly unknown[] = [],
): Promise<R[]> {
  const { rows } = await db.query<R>(statement.text, values as unknown[]);
  return rows;
}
