import { REMOTE_NAMES, type RemoteName } from '@annie/api-client/contracts/remotes';
import type { Middleware } from 'koa';
import type { AppConfig } from '../../config/env.ts';
import type { Queryable } from '../../db/transaction.ts';
import { type AppState, authOf } from '../../http/app-state.ts';
import { forbidden, notFound } from '../../lib/http-errors.ts';
import { tenantCount } from '../tenants/index.ts';
import { firstAdminTenant, userRole } from '../users/index.ts';

/**
 * The operator's tenant, whose administrators manage releases: OPERATOR_TENANT, or else the tenant of
 * the first administrator (the one the server created at its first start). Undefined before any admin.
 */
export async function operatorTenantOf(db: Queryable, config: AppConfig): Promise<string | undefined> {
  if (config.OPERATOR_TENANT) return config.OPERATOR_TENANT;
  return firstAdminTenant(db);
}

// Once there is a first admin, their tenant stays the operator's for the life of the process.
const knownOperatorTenant = new WeakMap<AppConfig, string>();

async function cachedOperatorTenant(db: Queryable, config: AppConfig): Promise<string | undefined> {
  const known = knownOperatorTenant.get(config);
  if (known) return known;
  const tenant = await operatorTenantOf(db, config);
  if (tenant) knownOperatorTenant.set(config, tenant);
  return tenant;
}

/** How the operator's tenant was chosen, for the start log and `doctor`. */
export async function describeOperatorTenant(db: Queryable, config: AppConfig): Promise<string> {
  const tenant = await operatorTenantOf(db, config);
  if (config.OPERATOR_TENANT) return `Remote releases are managed by tenant ${tenant} (OPERATOR_TENANT)`;
  return tenant
    ? `Remote releases are managed by tenant ${tenant} (the first admin's; set OPERATOR_TENANT to name it)`
    : 'Remote releases: no administrator yet; the first one names the operator tenant (or set OPERATOR_TENANT)';
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

export { remoteParams } from '@annie/api-client/contracts/remote-releases-routes';
