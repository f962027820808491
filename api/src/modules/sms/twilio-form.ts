import type { Context } from 'koa';
import { HttpError } from '../../lib/http-errors.ts';

// Twilio's webhook bodies are a few hundred bytes; anything near this is not Twilio.
const FORM_LIMIT_BYTES = 64 * 1024;

/**
 * The form-encoded parameters of a webhook, read from the raw request (the app's body parser takes only
 * JSON). Every value is kept as sent, since Twilio's signature covers them exactly.
 */
export async function readTwilioForm(ctx: Context): Promise<Record<string, string>> {
  if (!ctx.is('application/x-www-form-urlencoded')) {
    throw new HttpError(415, 'unsupported_media_type', 'Webhooks must be application/x-www-form-urlencoded');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT_BYTES) throw new HttpError(413, 'payload_too_large', 'Request body is too large');
    chunks.push(chunk);
  }
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
    params[name] = value;
  return params;
}
