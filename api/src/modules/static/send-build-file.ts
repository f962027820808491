import { createHash } from 'node:crypto';
import { readFileSync, type Stats } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Context } from 'koa';
import send from 'koa-send';

const HASHED_ASSET = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
// Fixed-name entry files (the shell's app/app.js, app/app-react-dom.js beside it, and app/app.css) must
// revalidate; everything else is content-hashed.
const NEVER_CACHED = new Set([
  'index.html',
  'app.js',
  'app-react-dom.js',
  'app.css',
  'boot.js',
  'mf-manifest.json',
  'remoteEntry.js',
  'mf-stats.json',
]);
// Source maps stay in the build output for error tooling and are never public; the compressed siblings
// are representations of their original, reached only through Accept-Encoding.
const NOT_SERVED = /\.(?:map|br|gz)$/i;
// What the build writes `.br`/`.gz` siblings for (packages/build-config compressed-assets.ts).
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt)$/i;

// The shell's fixed-name entry files, which the login page prefetches while its sign-in notice shows: a
// prefetch of any may be used by the navigation that follows without asking again, for a short while
// (`no-cache` would cost it the round trip the prefetch saved). Private, so no shared cache keeps it. Only
// these: a remote's manifest or entry is never held, so a release switch reaches every page at once.
const PREFETCHABLE = new Set(['app.js', 'app-react-dom.js', 'app.css']);
const PREFETCHED = 'private, max-age=30';

/** Whether the request is a prefetch (`<link rel=prefetch>`: Sec-Purpose, or the older Purpose header). */
function isPrefetch(ctx: Context): boolean {
  return /^prefetch\b/.test(ctx.get('Sec-Purpose') || ctx.get('Purpose'));
}

const fileName = (path: string) => path.split('/').pop() ?? '';

/** A fixed-name file (HTML, manifests, entries): asked again on every use, tagged by its content. */
function isRevalidated(file: string): boolean {
  return NEVER_CACHED.has(file) || file.endsWith('.html');
}

function cacheControl(file: string, prefetch: boolean): string {
  if (prefetch && PREFETCHABLE.has(file)) return PREFETCHED;
  if (isRevalidated(file)) return 'no-cache';
  if (HASHED_ASSET.test(file)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

/**
 * A strong validator per representation (the Brotli, gzip and plain files each have their own). A
 * revalidated file (HTML, manifests, fixed-name entries: small) is tagged by its content, so a redeploy
 * that keeps sizes and copies modification times can never be answered 304 with the old bytes; a
 * content-hashed asset by size and time.
 */
function entityTag(sentPath: string, stats: Stats, revalidated: boolean): string {
  const encoding = sentPath.endsWith('.br') ? 'br-' : sentPath.endsWith('.gz') ? 'gz-' : '';
  const version = revalidated
    ? createHash('sha256').update(readFileSync(sentPath)).digest('base64url').slice(0, 27)
    : `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`;
  return `"${encoding}${version}"`;
}

/**
 * Sends one file of a build. koa-send picks the representation: `<file>.br` when the client accepts br,
 * else `<file>.gz` when it accepts gzip, else the file itself (an encoding with q=0 is never chosen, and
 * a request without Accept-Encoding gets the original). Every compressible file varies on
 * Accept-Encoding; a matching If-None-Match or If-Modified-Since is answered 304 for that representation.
 * The response is never compressed again on the way out. Returns false when the file does not exist.
 */
export async function sendBuildFile(
  ctx: Context,
  root: string,
  path: string,
  options: { cors: boolean },
): Promise<boolean> {
  if (NOT_SERVED.test(path)) return false;
  ctx.compress = false;
  if (COMPRESSIBLE.test(path)) ctx.vary('Accept-Encoding');
  try {
    await send(ctx, path, {
      root,
      index: false,
      hidden: false,
      brotli: true,
      gzip: true,
      setHeaders: (res: ServerResponse, sentPath: string, stats: Stats) => {
        const file = fileName(path);
        res.setHeader('Cache-Control', cacheControl(file, isPrefetch(ctx)));
        res.setHeader('ETag', entityTag(sentPath, stats, isRevalidated(file)));
        res.setHeader('X-Content-Type-Options', 'nosniff');
        if (options.cors) res.setHeader('Access-Control-Allow-Origin', '*');
      },
    });
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400 || status === 403) return false;
    throw error;
  }
  if (ctx.status === 200 && ctx.fresh) {
    (ctx.body as NodeJS.ReadableStream & { destroy(): void }).destroy();
    ctx.status = 304;
  }
  return true;
}
