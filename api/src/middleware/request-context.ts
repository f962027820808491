import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Middleware } from 'koa';
import type { Orm } from '../db/orm.ts';
import type { AppState, AuthContext } from '../http/app-state.ts';

/**
 * `ctx.state` of a request. Its EntityManager is forked the first time `em` is read (many answers, a
 * list read with plain SQL and a cached session, never need one), and its request id made the first
 * time it is asked for (only the request log line does). One class, so every request's state has the
 * same shape and nothing is defined on it per request.
 */
class RequestState implements AppState {
  auth?: AuthContext = undefined;
  readonly #orm: Orm;
  readonly #givenId: string;
  #em: EntityManager | undefined = undefined;
  #requestId = '';

  constructor(orm: Orm, givenId: string) {
    this.#orm = orm;
    this.#givenId = givenId;
  }

  get em(): EntityManager {
    if (!this.#em) {
      this.#em = this.#orm.em.fork() as EntityManager;
      if (this.auth) this.#em.setFilterParams('tenant', { tenantId: this.auth.tenantId });
    }
    return this.#em;
  }

  get requestId(): string {
    this.#requestId ||= this.#givenId || randomUUID();
    return this.#requestId;
  }

  /** Scopes the tenant-owned entities to `tenantId`: now if the EntityManager exists, else when it is made. */
  scopeToTenant(tenantId: string): void {
    this.#em?.setFilterParams('tenant', { tenantId });
  }
}

/**
 * A fresh EntityManager per request (identity map and filters never leak between requests), made on
 * first use. Code reaches it through `ctx.state.em` only; there is no global request context, so a use
 * of `orm.em` itself fails loudly (allowGlobalContext: false).
 */
export function requestContext(orm: Orm): Middleware<AppState> {
  return function giveRequestState(ctx, next) {
    ctx.state = new RequestState(orm, ctx.get('X-Request-Id'));
    return next();
  };
}

/** Scopes the request's tenant-owned entities to `tenantId`: now if its EntityManager exists, else when it is made. */
export function scopeToTenant(state: AppState, tenantId: string): void {
  if (state instanceof RequestState) state.scopeToTenant(tenantId);
}
