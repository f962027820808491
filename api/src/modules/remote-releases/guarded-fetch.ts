import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isForbiddenAddress } from './outbound-address.ts';

const MAX_REDIRECTS = 5;

/** Why a URL build's file was not fetched (the message names the URL and the reason). */
export class RefusedFetch extends Error {
  override name = 'RefusedFetch';
}

export type GuardedFetchOptions = {
  /** Refused beyond this many bytes (announced or received). */
  maxBytes: number;
  /** The whole fetch, redirects included. */
  timeoutMs: number;
  /** Tests only (RELEASE_URL_TEST_ORIGINS): origins allowed to resolve to a loopback or private address. */
  privateOrigins?: readonly string[];
};

function get(url: URL, options: GuardedFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const trusted = options.privateOrigins?.includes(url.origin) ?? false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address in the URL is never looked up: checked here.
  if (!trusted && isIP(host) && isForbiddenAddress(host))
    throw new RefusedFetch(`${url.href}: ${host} is a loopback or private address`);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: 'GET',
      signal,
      headers: { Accept: '*/*', 'Accept-Encoding': 'identity' },
      ...(trusted ? {} : { lookup: guardedLookup as never }),
    });
    outgoing.on('response', resolve);
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function bodyOf(response: IncomingMessage, url: URL, maxBytes: number): Promise<Buffer> {
  const announced = Number(response.headers['content-length'] ?? 0);
  if (announced > maxBytes) {
    response.destroy();
    throw new RefusedFetch(`${url.href} is larger than ${maxBytes} bytes (${announced})`);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of response) {
    received += (chunk as Buffer).length;
    if (received > maxBytes) {
      response.destroy();
      throw new RefusedFetch(`${url.href} is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * GETs a URL build's file with the server's own network out of reach: http(s) only, no loopback or
 * private address (checked after DNS resolution, where the socket connects), redirects followed by
 * hand (each hop checked the same way, at most MAX_REDIRECTS), a size cap and one deadline for all of
 * it. No cookie or credential is ever sent.
 */
export async function guardedFetch(href: string, options: GuardedFetchOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = new URL(href);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new RefusedFetch(`${url.href}: only http(s) is fetched`);
    let response: IncomingMessage;
    try {
      response = await get(url, options, signal);
    } catch (error) {
      if (error instanceof RefusedFetch) throw error;
      const reason = signal.aborted ? `no answer within ${options.timeoutMs} ms` : (error as Error).message;
      throw new RefusedFetch(`${url.href} could not be fetched (${reason})`);
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      url = new URL(location, url);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new RefusedFetch(`${url.href} answered ${status}`);
    }
    try {
      return await bodyOf(response, url, options.maxBytes);
    } catch (error) {
      if (error instanceof RefusedFetch) throw error;
      throw new RefusedFetch(
        `${url.href} could not be read (${signal.aborted ? 'too slow' : (error as Error).message})`,
      );
    }
  }
  throw new RefusedFetch(`${href}: more than ${MAX_REDIRECTS} redirects`);
}
