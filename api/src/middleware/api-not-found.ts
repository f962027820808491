import type { Middleware } from 'koa';
import { notFound } from '../lib/http-errors.ts';

/** Anything under /api that no router answered is a JSON 404, never the SPA's HTML. */
export function apiNotFound(): Middleware {
  return async function unknownApiRoute(ctx, next) {
    await next();
    if (ctx.status === 404 && ctx.body == null && (ctx.path === '/api' || ctx.path.startsWith('/api/'))) {
      throw notFound(`No route for ${ctx.method} ${ctx.path}`);
    }
  };
}
