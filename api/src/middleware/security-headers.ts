import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * Security headers with a CSP that admits this origin and the configured remote origins, and needs
 * no `unsafe-eval` (the production federation runtime does not eval). Inline style attributes are
 * allowed because Radix sets CSS variables through the style attribute.
 */
export function securityHeaders(remoteOrigins: string[]): Middleware {
  const self = "'self'";
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        scriptSrc: [self, ...remoteOrigins],
        styleSrc: [self, "'unsafe-inline'", ...remoteOrigins],
        imgSrc: [self, 'data:', 'blob:', 'https:'],
        fontSrc: [self, 'data:', ...remoteOrigins],
        connectSrc: [self, ...remoteOrigins],
        mediaSrc: [self, 'blob:'],
        objectSrc: ["'none'"],
        baseUri: [self],
        formAction: [self],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    xFrameOptions: { action: 'deny' },
  }) as Middleware;
}

/** Origins (scheme://host:port) of the remote entries that are absolute URLs. */
export function originsOf(urls: string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!/^https?:\/\//.test(url)) continue;
    origins.add(new URL(url).origin);
  }
  return [...origins];
}
