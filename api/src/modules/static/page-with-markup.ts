import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'koa';
import { allowInlineScripts } from '../../middleware/security-headers.ts';
import { type PageFirstPaint, withRootMarkup } from './first-paint-markup.ts';

type Encoded = { identity: Buffer; br: Buffer; gzip: Buffer };

// One entry per page and markup (the markup is per remote version and setting, not per user), rebuilt
// when the build's file changes (a redeploy): compressed once at the build's own levels, not on every
// request. Bounded: versions come and go while the process runs.
const cache = new Map<string, { version: string; encoded: Encoded }>();
const PAGES_KEPT = 32;

async function encodedPage(file: string, markup: string): Promise<Encoded> {
  const stats = await stat(file);
  const version = `${stats.size}:${stats.mtimeMs}`;
  const key = `${file}\n${markup}`;
  const cached = cache.get(key);
  if (cached?.version === version) return cached.encoded;
  const identity = Buffer.from(withRootMarkup(await readFile(file, 'utf8'), markup));
  const encoded = {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
  if (cache.size >= PAGES_KEPT) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, { version, encoded });
  return encoded;
}

/**
 * Sends a build's HTML page with a remote's first paint in #root, Brotli or gzip as the client accepts
 * (like the build's precompressed siblings), its inline scripts admitted by this response's CSP; never
 * stored by a cache, as the page differs by cookie.
 */
export async function sendPageWithMarkup(
  ctx: Context,
  file: string,
  firstPaint: PageFirstPaint,
): Promise<void> {
  const encoded = await encodedPage(file, firstPaint.markup);
  allowInlineScripts(ctx, firstPaint.scriptHashes);
  // Brotli whenever accepted (as koa-send picks the build's siblings), whatever the header's order.
  const chosen =
    ctx.acceptsEncodings('br', 'identity') === 'br'
      ? 'br'
      : ctx.acceptsEncodings('gzip', 'identity') === 'gzip'
        ? 'gzip'
        : 'identity';
  ctx.compress = false;
  ctx.vary('Accept-Encoding');
  ctx.status = 200;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (chosen !== 'identity') ctx.set('Content-Encoding', chosen);
  ctx.body = encoded[chosen];
}
