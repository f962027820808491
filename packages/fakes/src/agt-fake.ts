import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answer } from './agt-fake-responses.ts';

export { FAIL_TRIGGER } from './agt-fake-responses.ts';

/** One request the fake received, in arrival order. */
export type ReceivedRequest = {
  method: string;
  /** The raw request target as sent (path and query). */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
};

/**
 * How the fake answers. `normal` gives the deterministic chemistry answers; the failing modes apply to
 * every request, or only to the next `times` requests, after which the fake is back to normal.
 */
export type AgtFakeMode =
  | { kind: 'normal' }
  | { kind: 'slow'; ms: number }
  | { kind: 'fail500'; times?: number }
  | { kind: 'fail4xx'; status: number; message: string; times?: number }
  | { kind: 'malformedJson'; times?: number }
  | { kind: 'redirect'; location?: string }
  | { kind: 'oversized'; bytes: number };

export type AgtFake = {
  url: string;
  received: ReceivedRequest[];
  setMode: (mode: AgtFakeMode) => void;
  close: () => Promise<void>;
};

export type AgtFakeOptions = {
  /** 0 or absent: a free port. */
  port?: number;
  host?: string;
  /** When set, only `Authorization: Bearer <apiKey>` is accepted; otherwise any bearer token is. */
  apiKey?: string;
};

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Starts a loopback fake of the chemistry-formulation provider ("AGT") that records what it receives. */
export async function startAgtFake(options: AgtFakeOptions = {}): Promise<AgtFake> {
  const received: ReceivedRequest[] = [];
  let mode: AgtFakeMode = { kind: 'normal' };
  let remaining = Number.POSITIVE_INFINITY;

  const currentMode = (): AgtFakeMode => {
    if (remaining <= 0) mode = { kind: 'normal' };
    if (mode.kind !== 'normal') remaining -= 1;
    return mode;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://agt.invalid');
      const text = Buffer.concat(chunks).toString('utf8');
      const body = parseBody(text);
      received.push({
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      });
      const authorization = req.headers.authorization ?? '';
      if (!authorization.startsWith('Bearer ') || authorization.length <= 'Bearer '.length) {
        return send(res, 401, { detail: 'Missing API key' });
      }
      if (options.apiKey && authorization !== `Bearer ${options.apiKey}`) {
        return send(res, 401, { detail: 'Invalid API key' });
      }
      if (typeof body === 'string') return send(res, 400, { detail: 'Malformed JSON body' });
      const active = currentMode();
      const reply = () => {
        const result = answer(req.method ?? 'GET', url.pathname, url.searchParams, body);
        send(res, result.status, result.body);
      };
      switch (active.kind) {
        case 'normal':
          return reply();
        case 'slow': {
          const timer = setTimeout(reply, active.ms);
          res.on('close', () => clearTimeout(timer));
          return;
        }
        case 'fail500':
          return send(res, 500, { detail: 'Internal Server Error' });
        case 'fail4xx':
          return send(res, active.status, { detail: active.message });
        case 'malformedJson':
          res.writeHead(200, { 'Content-Type': 'application/json' });
          return res.end('{"formulation_id": "F-1", "ingredients": [');
        case 'redirect':
          res.writeHead(302, { Location: active.location ?? 'http://127.0.0.1:1/elsewhere' });
          return res.end();
        case 'oversized': {
          // Written in pieces, so it goes out chunked without a Content-Length: only a streamed cap stops it.
          res.writeHead(200, { 'Content-Type': 'application/json' });
          const text = JSON.stringify({ padding: 'x'.repeat(active.bytes) });
          for (let offset = 0; offset < text.length; offset += 1024)
            res.write(text.slice(offset, offset + 1024));
          return res.end();
        }
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;

  return {
    url: `http://${address}:${port}`,
    received,
    setMode(next) {
      mode = next;
      remaining = 'times' in next && next.times !== undefined ? next.times : Number.POSITIVE_INFINITY;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
