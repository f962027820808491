import { constants } from 'node:zlib';
import type { Middleware } from 'koa';
import compress from 'koa-compress';

// Below about 1 KB the saving does not pay for the compressor.
const THRESHOLD_BYTES = 1024;
// JSON (also `+json` types) and text, except event streams: a compressor buffers, and an SSE frame
// must leave at once.
const COMPRESSED_TYPE = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?!event-stream)[\w.+-]+)\s*(?:;|$)/i;

/**
 * Compresses API answers of 1 KB or more on the fly (Brotli at a fast level, else gzip) by
 * Accept-Encoding. Static build files are sent from their precompressed siblings and opt out
 * (`ctx.compress = false`); a response that already has a Content-Encoding is left as it is, and
 * `Cache-Control: no-transform` is honoured.
 */
export function compressResponses(): Middleware {
  return compress({
    threshold: THRESHOLD_BYTES,
    filter: (type) => COMPRESSED_TYPE.test(type),
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: 6 },
    deflate: false,
    zstd: false,
  }) as Middleware;
}
