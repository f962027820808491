import { REMOTE_NAMES, type RemoteName } from '@annie/contracts/remotes';
import type { Middleware } from 'koa';
import type { AppConfig } from '../../config/env.ts';
import { createPool } from '../../db/pool.ts';
import type { Queryable } from '../../db/transaction.ts';
import { type AppState, authOf } from '../../http/app-state.ts';
import { forbidden, notFound } from '../../lib/http-errors.ts';
import { tenantCount } from '../tenants/index.ts';
import { firstAdminTenant, userRole } from '../users/index.ts';
import { pinnedOperatorTenant, pinOnce } from './operator-tenant.queries.ts';

/**
 * The operator's tenant, whose administrators manage releases: pinned in the database the first time
 * it is known (at the first start, or when the first administrator appears): OPERATOR_TENANT, or else
 * the first administrator's tenant. From then on only `remote:operator-tenant` changes it: deleting an
 * administrator, or another OPERATOR_TENANT, does not. Undefined before any admin.
 */
export async function operatorTenantOf(db: Queryable, config: AppConfig): Promise<string | undefined> {
  const pinned = await pinnedOperatorTenant(db);
  if (pinned) return pinned.tenant_id;
  const candidate = config.OPERATOR_TENANT ?? (await firstAdminTenant(db));
  if (!candidate) return undefined;
  await pinOnce(db, candidate, config.OPERATOR_TENANT ? 'OPERATOR_TENANT' : 'the first administrator');
  return (await pinnedOperatorTenant(db))?.tenant_id;
}

// Read again every few seconds: `remote:operator-tenant` (another process) may change it.
const CACHE_MS = 5_000;
const knownOperatorTenant = new WeakMap<AppConfig, { tenant: string; until: number }>();

async function cachedOperatorTenant(db: Queryable, config: AppConfig): Promise<string | undefined> {
  const known = knownOperatorTenant.get(config);
  if (known && known.until > Date.now()) return known.tenant;
  const tenant = await operatorTenantOf(db, config);
  if (tenant) knownOperatorTenant.set(config, { tenant, until: Date.now() + CACHE_MS });
  return tenant;
}

/** Forgets the cached operator tenant of this process (after `remote:operator-tenant`). */
export function forgetOperatorTenant(config: AppConfig): void {
  knownOperatorTenant.delete(config);
}

/** Which tenant manages releases and since when, for the start log and `doctor` (reads only). */
export async function describeOperatorTenant(db: Queryable, config: AppConfig): Promise<string> {
  const pinned = await pinnedOperatorTenant(db);
  if (!pinned)
    return "Remote releases: no operator tenant pinned yet; the first start with an administrator pins it (OPERATOR_TENANT, or the first admin's)";
  const drift =
    config.OPERATOR_TENANT && config.OPERATOR_TENANT !== pinned.tenant_id
      ? `; OPERATOR_TENANT=${config.OPERATOR_TENANT} is ignored: change it with remote:operator-tenant`
      : '';
  return `Remote releases are managed by tenant ${pinned.tenant_id} (pinned ${pinned.pinned_at.toISOString()} by ${pinned.pinned_by})${drift}`;
}

/**
 * `doctor`'s line on a machine where it did not open the database: the pinned tenant read over one
 * short-lived connection when DATABASE_URL is set, else what the setting says.
 */
export async function describeOperatorTenantAt(
  databaseUrl: string | undefined,
  config: AppConfig,
): Promise<string> {
  const fallback = `Remote releases: the operator tenant is pinned in the database at the first start (${config.OPERATOR_TENANT ? `OPERATOR_TENANT=${config.OPERATOR_TENANT}` : "the first admin's"}); set DATABASE_URL to read it`;
  if (!databaseUrl) return fallback;
  const pool = createPool(databaseUrl);
  try {
    return await describeOperatorTenant(pool, config);
  } catch (error) {
    return `${fallback} (the database did not answer: ${error instanceof Error ? error.message : String(error)})`;
  } finally {
    await pool.end();
  }
}

/**
 * Releases change what every tenant's users run, so they are managed by the administrators of the
 * operator's own tenant; an administrator of another tenant is refused. Use after requireAdmin.
 */
export function requireOperatorAdmin(db: Queryable, config: AppConfig): Middleware<AppState> {
  return async function authorizeOperatorAdmin(ctx, next) {
    const tenant = await cachedOperatorTenant(db, config);
    if (!tenant || authOf(ctx).tenantId !== tenant)
      throw forbidden("Remote releases are managed by the administrators of the operator's tenant");
    await next();
  };
}

/** Whether `userId` is an administrator of the operator's tenant (whom the release routes answer). */
export async function isOperatorAdmin(db: Queryable, config: AppConfig, userId: string): Promise<boolean> {
  const tenant = await cachedOperatorTenant(db, config);
  const role = await userRole(db, userId);
  return Boolean(tenant && role?.is_admin && role.tenant_id === tenant);
}

/**
 * Why `user:create` must be told the tenant: once a second tenant exists, a user created without one
 * would land in the operator's tenant (and an administrator there manages every tenant's releases).
 */
export async function tenantChoiceProblem(
  db: Queryable,
  tenant: string | undefined,
): Promise<string | undefined> {
  if (tenant) return undefined;
  const tenants = await tenantCount(db);
  return tenants > 1
    ? `There are ${tenants} tenants: say which one the user belongs to with --tenant T (user:list shows them)`
    : undefined;
}

export function remoteParam(value: string | undefined): RemoteName {
  const remote = REMOTE_NAMES.find((name) => name === value);
  if (!remote) throw notFound(`No remote named ${value}`);
  return remote;
}

/** The `:remote` of a route, checked before the caller: a remote that does not exist is a 404 to anyone. */
export function knownRemote(): Middleware<AppState> {
  return async function checkRemoteParam(ctx, next) {
    remoteParam((ctx as unknown as { params: { remote?: string } }).params.remote);
    await next();
  };
}
