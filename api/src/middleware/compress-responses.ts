import { constants } from 'node:zlib';
import type { Middleware } from 'koa';
import compress from 'koa-compress';

// Below about 1 KB the saving does not pay for the compressor.
const THRESHOLD_BYTES = 1024;
// The fastest levels: on the fly, the compressor was the largest cost of a list answer (Brotli 4 took
// ~300 µs of CPU for a 50-row page, more than the rest of the request; level 1 takes a fifth to a third
// of that for ~5-10% more bytes, still smaller than gzip 6). Build files are compressed at build time.
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;
// JSON (also `+json` types) and text, except event streams: a compressor buffers, and an SSE frame
// must leave at once.
const COMPRESSED_TYPE = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?!event-stream)[\w.+-]+)\s*(?:;|$)/i;

/**
 * Compresses API answers of 1 KB or more on the fly (Brotli at its fastest level, else gzip) by
 * Accept-Encoding. Static build files are sent from their precompressed siblings and opt out
 * (`ctx.compress = false`); a response that already has a Content-Encoding is left as it is, and
 * `Cache-Control: no-transform` is honoured. Every answer carries `Vary: Accept-Encoding`.
 */
export function compressResponses(): Middleware {
  const compressByNegotiation = compress({
    threshold: THRESHOLD_BYTES,
    filter: (type) => COMPRESSED_TYPE.test(type),
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    gzip: { level: GZIP_LEVEL },
    deflate: false,
    zstd: false,
  }) as Middleware;
  // A client that names no encoding (a server, a script, a health check) gets the answer as it is, as
  // koa-compress would give it, without its negotiation (about a tenth of the 50-row fact list's CPU time).
  return function compressWhereAccepted(ctx, next) {
    if (ctx.get('Accept-Encoding')) return compressByNegotiation(ctx, next);
    ctx.vary('Accept-Encoding');
    return next();
  };
}
