import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'koa';
import { withRootMarkup } from './idle-view.ts';

type Encoded = { identity: Buffer; br: Buffer; gzip: Buffer };

// One entry per page and markup (the markup is per setting, not per user), rebuilt when the build's
// file changes (a redeploy): compressed once at the build's own levels, not on every request.
const cache = new Map<string, { version: string; encoded: Encoded }>();

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
  cache.set(key, { version, encoded });
  return encoded;
}

/**
 * Sends a build's HTML page with server-rendered markup in #root, Brotli or gzip as the client accepts
 * (like the build's precompressed siblings); never stored by a cache, as the page differs by cookie.
 */
export async function sendPageWithMarkup(ctx: Context, file: string, markup: string): Promise<void> {
  const encoded = await encodedPage(file, markup);
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
