import { randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import type { Middleware } from 'koa';
import type { Orm } from '../db/orm.ts';
import type { AppState } from '../modules/auth/auth-context.ts';

/** A fresh EntityManager per request (identity map and filters never leak between requests). */
export function requestContext(orm: Orm): Middleware<AppState> {
  return async function forkEntityManager(ctx, next) {
    const em = orm.em.fork();
    ctx.state.em = em;
    ctx.state.requestId = ctx.get('X-Request-Id') || randomUUID();
    await RequestContext.create(em, next);
  };
}
