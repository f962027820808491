import cors from '@koa/cors';
import type { Middleware } from 'koa';

/**
 * CORS grants, with credentials, to the trusted origins only (the configured ones and the remotes').
 * A request without an Origin header (a browser's same-origin GET, a server, a webhook) is outside CORS
 * and gets only `Vary: Origin`, as from the cors middleware itself, without its three promises.
 */
export function crossOrigin(trustedOrigins: string[]): Middleware {
  const grant = cors({
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      return trustedOrigins.includes(origin) ? origin : '';
    },
    credentials: true,
    allowHeaders: ['Content-Type', 'X-Tenant-Id', 'X-User-Id'],
  });
  return function allowTrustedOrigins(ctx, next) {
    if (ctx.get('Origin')) return grant(ctx, next);
    ctx.vary('Origin');
    return next();
  };
}
