import type { Context, Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * Security headers with a CSP that admits this origin and the configured remote origins, and needs
 * no `unsafe-eval` (the production federation runtime does not eval). Inline style attributes are
 * allowed because Radix sets CSS variables through the style attribute.
 *
 * Helmet works them out once, here: they depend on the configuration, never on the request, and asking
 * its dozen middlewares again on every request was a measurable share of a small API answer's cost.
 */
export function securityHeaders(remoteOrigins: string[], scriptHashes: string[] = []): Middleware {
  const headers = headersOf(helmetFor(remoteOrigins, scriptHashes));
  return function setSecurityHeaders(ctx, next) {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    return next();
  };
}

/**
 * What a helmet middleware sets on a response (it removes nothing Koa sets). Helmet sets them before it
 * calls on, synchronously, so they are all there when the call returns.
 */
function headersOf(middleware: Middleware): [string, string | number | readonly string[]][] {
  const headers = new Map<string, string | number | readonly string[]>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  void middleware({ req: { headers: {}, method: 'GET', url: '/' }, res } as never, async () => {});
  if (!headers.has('Content-Security-Policy')) throw new Error('security headers: helmet set no CSP');
  return [...headers];
}

const SCRIPT_SRC = /(^|;\s*)script-src ([^;]*)/;

/**
 * Adds CSP hash sources (`'sha256-…'`) to this response's script-src: the inline scripts of a page whose
 * content varies (a remote's first paint, from the version its user gets), admitted on that page only.
 */
export function allowInlineScripts(ctx: Context, hashes: readonly string[]): void {
  if (hashes.length === 0) return;
  const policy = ctx.response.get('Content-Security-Policy');
  if (!policy || !SCRIPT_SRC.test(policy)) return;
  ctx.set(
    'Content-Security-Policy',
    policy.replace(SCRIPT_SRC, (_directive, start: string, sources: string) => {
      const added = hashes.filter((hash) => !sources.split(' ').includes(hash));
      return `${start}script-src ${[sources, ...added].join(' ')}`;
    }),
  );
}

/**
 * The hosts the product shows pictures from, and no others: a script that got into a page cannot send
 * data out in an image's URL to a host of its choosing. Inbound MMS media (Twilio's media URLs and the
 * hosts they redirect to) and Google account pictures. A contact photo or a picture on any other host
 * shows its fallback (initials, the link).
 */
export const IMAGE_ORIGINS = [
  'https://api.twilio.com',
  'https://mms.twiliocdn.com',
  'https://s3-external-1.amazonaws.com',
  'https://*.googleusercontent.com',
];

/** `scriptHashes`: CSP hash sources (`'sha256-…'`) of the inline scripts the pages may carry, and no other. */
function helmetFor(remoteOrigins: string[], scriptHashes: string[]): Middleware {
  const self = "'self'";
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        scriptSrc: [self, ...scriptHashes, ...remoteOrigins],
        styleSrc: [self, "'unsafe-inline'", ...remoteOrigins],
        imgSrc: [self, 'data:', 'blob:', ...IMAGE_ORIGINS],
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
