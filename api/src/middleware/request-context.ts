import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Middleware } from 'koa';
import type { Orm } from '../db/orm.ts';
import type { AppState } from '../modules/auth/auth-context.ts';

const forked = new WeakMap<AppState, EntityManager>();

/**
 * A fresh EntityManager per request (identity map and filters never leak between requests), forked the
 * first time `ctx.state.em` is read: many answers (a list read with plain SQL, a cached session) never
 * need one. Code reaches it through `ctx.state.em` only; there is no global request context, so a use
 * of `orm.em` itself fails loudly (allowGlobalContext: false).
 */
export function requestContext(orm: Orm): Middleware<AppState> {
  return async function forkEntityManagerOnFirstUse(ctx, next) {
    const state = ctx.state;
    Object.defineProperty(state, 'em', {
      configurable: true,
      enumerable: true,
      get: () => {
        let em = forked.get(state);
        if (!em) {
          em = orm.em.fork() as EntityManager;
          if (state.auth) em.setFilterParams('tenant', { tenantId: state.auth.tenantId });
          forked.set(state, em);
        }
        return em;
      },
    });
    state.requestId = ctx.get('X-Request-Id') || randomUUID();
    await next();
  };
}

/** Scopes the request's tenant-owned entities to `tenantId`: now if its EntityManager exists, else when it is made. */
export function scopeToTenant(state: AppState, tenantId: string): void {
  forked.get(state)?.setFilterParams('tenant', { tenantId });
}
