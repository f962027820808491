import { plainSql, runPlain, runScoped, tenantSql } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';

const FIRST_ADMIN_TENANT_SQL = plainSql(
  "across tenants: which tenant is the operator's (its first administrator's) is not a question inside one tenant",
  'select tenant_id from app_user where is_admin and deleted_at is null order by created_at, id limit 1',
);

const USER_ROLE_SQL = plainSql(
  "by primary key: the caller's own row, read to decide what the navigation offers them",
  'select is_admin, tenant_id from app_user where id = $1 and deleted_at is null',
);

const OWNER_SQL = tenantSql(`
  select id from app_user where tenant_id = $1 and deleted_at is null
  order by is_admin desc, created_at, id limit 1`);

/** The tenant of the first administrator still there, if any. */
export async function firstAdminTenant(db: Queryable): Promise<string | undefined> {
  return (await runPlain<{ tenant_id: string }>(db, FIRST_ADMIN_TENANT_SQL))[0]?.tenant_id;
}

/** Whether the user is an administrator, and of which tenant (undefined: no such user, or deleted). */
export async function userRole(
  db: Queryable,
  userId: string,
): Promise<{ is_admin: boolean; tenant_id: string } | undefined> {
  return (await runPlain<{ is_admin: boolean; tenant_id: string }>(db, USER_ROLE_SQL, [userId]))[0];
}

/**
 * The tenant's owner: its first administrator (the first user when it has none). Deleted accounts are
 * passed over.
 */
export async function tenantOwner(db: Queryable, tenantId: string): Promise<string | undefined> {
  return (await runScoped<{ id: string }>(db, { tenantId }, OWNER_SQL))[0]?.id;
}

const PASSWORD_HASH_SQL = tenantSql('select password_hash from app_user where tenant_id = $1 and id = $2');

const USERNAME_SQL = tenantSql('select username from app_user where tenant_id = $1 and id = $2');

/** The user's password hash (to confirm it is them who changes a phone passcode). */
export async function passwordHashOf(
  db: Queryable,
  owner: { tenantId: string; userId: string },
): Promise<string | undefined> {
  const rows = await runScoped<{ password_hash: string }>(
    db,
    { tenantId: owner.tenantId },
    PASSWORD_HASH_SQL,
    [owner.userId],
  );
  return rows[0]?.password_hash;
}

/** A user's username, within the tenant. */
export async function usernameOf(
  db: Queryable,
  tenantId: string,
  userId: string,
): Promise<string | undefined> {
  const rows = await runScoped<{ username: string }>(db, { tenantId }, USERNAME_SQL, [userId]);
  return rows[0]?.username;
}
