import type { Middleware } from 'koa';

// Below this the copy costs less than making a Buffer.
const MIN_LENGTH = 1024;

/**
 * Sends a text answer of 1 KB or more (mostly JSON built as text by PostgreSQL) as bytes. Node joins
 * the header block and a string body into one new string before writing it, a copy of the whole
 * answer on the JS heap for every request; a Buffer body is written beside the header instead. The
 * answer on the wire is the same: status, Content-Type and Content-Length are kept (Koa recounts the
 * length). A compressed answer is already a stream by then and is left alone.
 */
export function textAsBytes(): Middleware {
  return async function sendTextAsBytes(ctx, next) {
    await next();
    const body = ctx.body;
    if (typeof body === 'string' && body.length >= MIN_LENGTH) ctx.body = Buffer.from(body);
  };
}
