import { REMOTE_NAMES, type RemoteName } from '@annie/api-client/contracts/remotes';
import type { Middleware } from 'koa';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Queryable } from '../../db/transaction.ts';
import { type AppState, authOf } from '../../http/app-state.ts';
import { forbidden, notFound } from '../../lib/http-errors.ts';

/**
 * The operator's tenant, whose administrators manage releases: OPERATOR_TENANT, or else the tenant of
 * the first administrator (the one the server created at its first start). Undefined before any admin.
 */
export async function operatorTenantOf(db: Queryable, config: AppConfig): Promise<string | undefined> {
  if (config.OPERATOR_TENANT) return config.OPERATOR_TENANT;
  // Plain SQL across tenants: which tenant is the operator's is not a question inside one tenant.
  const { rows } = await db.query<{ tenant_id: string }>(
    'select tenant_id from app_user where is_admin and deleted_at is null order by created_at, id limit 1',
  );
  return rows[0]?.tenant_id;
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
  let cached: string | undefined;
  return async function authorizeOperatorAdmin(ctx, next) {
    // The first admin's tenant never changes once there is one; OPERATOR_TENANT is read at start.
    cached ??= await operatorTenantOf(db, config);
    if (!cached || authOf(ctx).tenantId !== cached)
      throw forbidden("Remote releases are managed by the administrators of the operator's tenant");
    await next();
  };
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

export const remoteParams = { remote: z.enum(REMOTE_NAMES) };
