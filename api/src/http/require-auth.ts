import type { Middleware } from 'koa';
import { forbidden, unauthorized } from '../lib/http-errors.ts';
import { scopeToTenant } from '../middleware/request-context.ts';
import type { AppState } from './app-state.ts';
import { loadSessionUser } from './session-user.ts';

/**
 * Resolves the session's user (a plain query cached for a few seconds, so a deleted user or a lost
 * admin flag takes effect within seconds), checks the client's X-Tenant-Id / X-User-Id against it (a mismatch is 403, the
 * headers are never used as identity), and scopes the request's EntityManager to the tenant (made on first use).
 */
export function requireAuth(options: { checkIdentityHeaders?: boolean } = {}): Middleware<AppState> {
  const checkHeaders = options.checkIdentityHeaders ?? true;
  return async function authenticateRequest(ctx, next) {
    const userId = ctx.session?.userId as string | undefined;
    if (!userId) throw unauthorized();
    const user = await loadSessionUser(() => ctx.state.em, userId);
    if (!user) {
      ctx.session = null;
      throw unauthorized();
    }
    if (checkHeaders) {
      const tenantHeader = ctx.get('X-Tenant-Id');
      const userHeader = ctx.get('X-User-Id');
      if (tenantHeader && tenantHeader !== user.tenantId)
        throw forbidden('Tenant does not match your session');
      if (userHeader && userHeader !== user.userId) throw forbidden('User does not match your session');
    }
    ctx.state.auth = user;
    scopeToTenant(ctx.state, user.tenantId);
    await next();
  };
}

/** Admin-only routes: enforced here, whatever the UI shows. Use after requireAuth. */
export function requireAdmin(): Middleware<AppState> {
  return async function authorizeAdmin(ctx, next) {
    if (!ctx.state.auth?.isAdmin) throw forbidden('Administrator access required');
    await next();
  };
}
