// A keep-alive node:http client for load generation (fetch refuses some ports and adds its own overhead).
import { Agent, type IncomingHttpHeaders, type OutgoingHttpHeaders, request } from 'node:http';

/** At most this many connections per server; also the throughput's concurrency. */
export const CONCURRENCY = 16;

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

export type Headers = Record<string, string>;

export interface GetResponse {
  status: number;
  bytes: number;
  body: string;
}

export interface SendResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** GET on 127.0.0.1; resolves with the status, the body text and its size in bytes. */
export function get(port: number, path: string, headers: Headers = {}): Promise<GetResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, bytes: body.length, body: body.toString() });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A JSON request on 127.0.0.1; resolves with the status, the response headers and the body text. */
export function send(
  port: number,
  method: string,
  path: string,
  body: unknown,
  headers: Headers = {},
): Promise<SendResponse> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const requestHeaders: OutgoingHttpHeaders = {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(data),
      ...headers,
    };
    const req = request({ host: '127.0.0.1', port, path, method, agent, headers: requestHeaders }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** Closes the kept-alive connections so the process can exit. */
export function closeConnections(): void {
  agent.destroy();
}
