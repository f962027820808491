import type { Middleware } from 'koa';
import { forbidden } from '../lib/http-errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth on top of SameSite=Lax cookies: a mutating request is refused when the
 * browser says it is cross-site or its Origin is neither this server nor a configured origin.
 */
export function sameOriginGuard(
  allowedOrigins: string[],
  options: { exemptPaths?: RegExp[] } = {},
): Middleware {
  const allowed = new Set(allowedOrigins);
  // Not async: a request it lets through costs no extra promise (most are GETs).
  return function refuseCrossSiteWrites(ctx, next) {
    if (SAFE_METHODS.has(ctx.method) || options.exemptPaths?.some((pattern) => pattern.test(ctx.path))) {
      return next();
    }
    const origin = ctx.get('Origin');
    const fetchSite = ctx.get('Sec-Fetch-Site');
    if (fetchSite === 'cross-site' && !(origin && allowed.has(origin))) {
      throw forbidden('Cross-site requests are not allowed');
    }
    // Koa 3's ctx.origin echoes the Origin header, so this server's own origin is built from the Host.
    if (origin && origin !== `${ctx.protocol}://${ctx.host}` && !allowed.has(origin)) {
      throw forbidden('Cross-origin requests are not allowed');
    }
    return next();
  };
}
