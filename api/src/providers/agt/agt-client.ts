import type { AgtRoute } from './agt-routes.ts';

/** Where and how to reach the chemistry provider; built from AGT_* in config/env.ts. */
export type AgtClientConfig = {
  baseUrl?: string;
  apiKey?: string;
  timeoutMs: number;
  maxResponseBytes: number;
};

/** The message jobs fail with, and the proxy's 503 body, when the provider is not configured. */
export const AGT_NOT_CONFIGURED_MESSAGE =
  'The chemistry provider is not configured: set AGT_BASE_URL and AGT_API_KEY';

export type AgtErrorKind =
  | 'not_configured'
  | 'timeout'
  | 'unreachable'
  | 'redirect'
  | 'too_large'
  | 'server_error'
  | 'rejected'
  | 'malformed';

/** A failed provider call. `transient` failures are worth retrying; the others will fail the same way again. */
export class AgtError extends Error {
  override name = 'AgtError';
  readonly kind: AgtErrorKind;
  readonly transient: boolean;
  readonly status: number | undefined;

  constructor(kind: AgtErrorKind, message: string, options: { transient: boolean; status?: number }) {
    super(message);
    this.kind = kind;
    this.transient = options.transient;
    this.status = options.status;
  }
}

export type AgtCall = {
  route: AgtRoute;
  body?: unknown;
  query?: URLSearchParams;
  /** Sent as Idempotency-Key, so a provider that honours it can collapse a retried job's calls. */
  idempotencyKey?: string;
  signal?: AbortSignal;
};

// 408 and 429 say "not now" rather than "never".
const TRANSIENT_CLIENT_STATUSES = new Set([408, 429]);

/** The provider's own explanation from an error body: FastAPI's `detail`, or `message`/`error`. */
function providerMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    for (const key of ['detail', 'message', 'error']) {
      const value = body?.[key];
      if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 500);
    }
  } catch {
    // Not JSON: fall back to the text itself below.
  }
  const trimmed = text.trim();
  return trimmed && trimmed.length <= 500 ? trimmed : undefined;
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = () =>
    new AgtError('too_large', `The chemistry provider's answer is larger than ${maxBytes} bytes`, {
      transient: false,
    });
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The one way the server talks to the chemistry provider: Node's fetch to AGT_BASE_URL with
 * `Authorization: Bearer AGT_API_KEY`, a timeout covering the whole exchange, redirects refused rather
 * than followed, and the answer read as a stream that is cut at AGT_MAX_RESPONSE_BYTES.
 */
export class AgtClient {
  readonly #config: AgtClientConfig;

  constructor(config: AgtClientConfig) {
    this.#config = config;
  }

  get configured(): boolean {
    return Boolean(this.#config.baseUrl && this.#config.apiKey);
  }

  /** Calls one allowed route; resolves with the parsed JSON answer or throws AgtError. */
  async call({ route, body, query, idempotencyKey, signal }: AgtCall): Promise<unknown> {
    const { baseUrl, apiKey, timeoutMs, maxResponseBytes } = this.#config;
    if (!baseUrl || !apiKey)
      throw new AgtError('not_configured', AGT_NOT_CONFIGURED_MESSAGE, { transient: false });
    const base = new URL(baseUrl);
    const url = new URL(`${base.href.replace(/\/+$/, '')}${route.path}`);
    // The route came from the allow-list, so this cannot fail; it stays as a last line of defence.
    if (url.origin !== base.origin)
      throw new AgtError('rejected', 'Refused a call off the provider', { transient: false });
    if (query) url.search = query.toString();

    const timeout = AbortSignal.timeout(timeoutMs);
    const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    try {
      const response = await fetch(url, {
        method: route.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        throw new AgtError(
          'redirect',
          `The chemistry provider answered with a redirect (${response.status}), which is not followed`,
          {
            transient: false,
            status: response.status,
          },
        );
      }
      const text = await readCapped(response, maxResponseBytes);
      if (response.status >= 500) {
        throw new AgtError('server_error', `The chemistry provider failed with ${response.status}`, {
          transient: true,
          status: response.status,
        });
      }
      if (response.status >= 400) {
        const message =
          providerMessage(text) ?? `The chemistry provider refused the request (${response.status})`;
        throw new AgtError('rejected', message, {
          transient: TRANSIENT_CLIENT_STATUSES.has(response.status),
          status: response.status,
        });
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new AgtError('malformed', 'The chemistry provider answered with malformed JSON', {
          transient: true,
        });
      }
    } catch (error) {
      if (error instanceof AgtError) throw error;
      if (timeout.aborted) {
        throw new AgtError('timeout', `The chemistry provider did not answer within ${timeoutMs} ms`, {
          transient: true,
        });
      }
      if (signal?.aborted) throw error;
      throw new AgtError('unreachable', 'The chemistry provider could not be reached', { transient: true });
    }
  }
}

/** The client for the configured provider (unconfigured when AGT_BASE_URL or AGT_API_KEY is missing). */
export function agtClientFromConfig(config: {
  AGT_BASE_URL?: string;
  AGT_API_KEY?: string;
  AGT_TIMEOUT_MS: number;
  AGT_MAX_RESPONSE_BYTES: number;
}): AgtClient {
  return new AgtClient({
    baseUrl: config.AGT_BASE_URL,
    apiKey: config.AGT_API_KEY,
    timeoutMs: config.AGT_TIMEOUT_MS,
    maxResponseBytes: config.AGT_MAX_RESPONSE_BYTES,
  });
}
