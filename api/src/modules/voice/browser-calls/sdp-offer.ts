import { SDP_CONTENT_TYPE, SDP_OFFER_MAX_BYTES } from '@annie/contracts/realtime';
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { badRequest, HttpError } from '../../../lib/http-errors.ts';

// An SDP offer is lines of printable text; a browser's always offers audio for a realtime call.
const SDP_TEXT = /^[\t\r\n\x20-\x7e\u0080-\uffff]*$/;
const SDP_START = /^v=0\r?\n/;
const AUDIO_LINE = /(^|\r?\n)m=audio /;

/** Whether `text` is an SDP offer the realtime API can answer: a session description with audio. */
export function isSdpOffer(text: string): boolean {
  return SDP_START.test(text) && AUDIO_LINE.test(text) && SDP_TEXT.test(text);
}

/**
 * The request's body as an SDP offer: `application/sdp` (415 otherwise), at most SDP_OFFER_MAX_BYTES
 * (413, without reading further), and an SDP description with an audio section (400 otherwise).
 */
export async function readSdpOffer(ctx: Context): Promise<string> {
  if (!ctx.is(SDP_CONTENT_TYPE)) {
    throw new HttpError(415, 'unsupported_media_type', `Send the SDP offer as ${SDP_CONTENT_TYPE}`);
  }
  const text = await getRawBody(ctx.req, {
    limit: SDP_OFFER_MAX_BYTES,
    length: ctx.get('Content-Length') || undefined,
    encoding: 'utf-8',
  });
  if (!isSdpOffer(text)) throw badRequest('The body is not an SDP offer with audio', 'invalid_sdp_offer');
  return text;
}
